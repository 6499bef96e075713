import { useState } from 'react';
import type { Tenant } from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useDeleteTenant, useUpdateTenant } from '../api.ts';

interface TenantActionDialogProps {
  open: boolean;
  tenant: Tenant;
  onClose: () => void;
  onExited?: () => void;
  onDone?: () => void;
}

/** Archive keeps the tenant and their leases but hides them from the list; restore brings them back. */
export function ArchiveTenantDialog({ open, tenant, onClose, onExited, onDone }: TenantActionDialogProps) {
  const update = useUpdateTenant();
  const [error, setError] = useState<string | null>(null);
  const restoring = tenant.archivedAt !== null;
  const handleConfirm = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: tenant._id, body: { archived: !restoring, __v: tenant.__v } });
      onDone?.();
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The tenant could not be changed. Please try again.').message);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={restoring ? `Restore ${tenant.name}?` : `Archive ${tenant.name}?`}
      message={
        restoring
          ? `${tenant.name} will show in the tenant list again.`
          : `${tenant.name} will be hidden from the tenant list. Their leases are kept, and you can restore them at any time from "Show archived".`
      }
      confirmLabel={restoring ? 'Restore' : 'Archive'}
      busy={update.isPending}
      error={error}
      onConfirm={() => void handleConfirm()}
      onClose={onClose}
      onExited={onExited}
    />
  );
}

export function DeleteTenantDialog({ open, tenant, onClose, onExited, onDone }: TenantActionDialogProps) {
  const remove = useDeleteTenant();
  const [error, setError] = useState<string | null>(null);
  const handleConfirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(tenant._id);
      onDone?.();
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The tenant could not be deleted. Please try again.').message);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${tenant.name}?`}
      message={
        <>
          <strong>{tenant.name}</strong> will be removed for everyone in the company. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      destructive
      busy={remove.isPending}
      error={error}
      onConfirm={() => void handleConfirm()}
      onClose={onClose}
      onExited={onExited}
    />
  );
}

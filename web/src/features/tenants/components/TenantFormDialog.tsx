import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TenantInput, type Tenant } from '@lintel/contracts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { toApiError, type ApiError } from '../../../lib/http.ts';
import { fetchTenant, useCreateTenant, useUpdateTenant } from '../api.ts';

type TenantFormValues = z.input<typeof TenantInput>;
type TenantFormOutput = z.output<typeof TenantInput>;

const formValuesOf = (tenant: Tenant | null): TenantFormValues => ({
  name: tenant?.name ?? '',
  email: tenant?.email ?? '',
  phone: tenant?.phone ?? '',
  idNumber: tenant?.idNumber ?? '',
  notes: tenant?.notes ?? '',
});

export interface TenantFormDialogProps {
  open: boolean;
  /** The tenant to edit; null adds a new one. */
  tenant: Tenant | null;
  onClose: () => void;
  onExited?: () => void;
  /** After a successful save, with the tenant as saved. */
  onSaved?: (tenant: Tenant) => void;
}

/** Add or edit a tenant; a duplicate email or ID number comes back as the server's 409 message. */
export function TenantFormDialog({ open, tenant, onClose, onExited, onSaved }: TenantFormDialogProps) {
  const [version, setVersion] = useState(tenant?.__v);
  const [serverError, setServerError] = useState<ApiError | null>(null);
  const [reloading, setReloading] = useState(false);
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<TenantFormValues, unknown, TenantFormOutput>({
    resolver: zodResolver(TenantInput),
    mode: 'onTouched',
    defaultValues: formValuesOf(tenant),
  });

  const handleSave = async (values: TenantFormOutput) => {
    setServerError(null);
    const body = {
      name: values.name,
      email: values.email ?? null,
      phone: values.phone ?? null,
      idNumber: values.idNumber ?? null,
      notes: values.notes ?? null,
    };
    try {
      const saved = tenant
        ? await update.mutateAsync({ id: tenant._id, body: { ...body, __v: version } })
        : await create.mutateAsync(body);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setServerError(toApiError(error, 'The tenant could not be saved. Please try again.'));
    }
  };

  const handleReload = async () => {
    if (!tenant) return;
    setReloading(true);
    try {
      const fresh = await fetchTenant(tenant._id);
      reset(formValuesOf(fresh));
      setVersion(fresh.__v);
      setServerError(null);
    } catch (error) {
      setServerError(toApiError(error, 'The tenant could not be reloaded.'));
    } finally {
      setReloading(false);
    }
  };

  const isStale = serverError?.code === 'STALE_VERSION';
  const full = { gridColumn: '1 / -1' };
  return (
    <FormDialog
      open={open}
      title={tenant ? `Edit ${tenant.name}` : 'Add tenant'}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
      isSubmitting={isSubmitting}
      busy={isSubmitting || reloading}
      serverError={serverError}
      isStale={isStale}
      onReload={() => void handleReload()}
      reloading={reloading}
    >
      <FormTextField control={control} name="name" label="Full name" required autoFocus sx={full} />
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
      <FormTextField control={control} name="phone" label="Phone" type="tel" />
      <FormTextField control={control} name="idNumber" label="ID number" sx={full} />
      <FormTextField control={control} name="notes" label="Notes" multiline minRows={3} sx={full} />
    </FormDialog>
  );
}

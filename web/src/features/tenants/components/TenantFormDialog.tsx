import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TenantInput, type Tenant } from '@lintel/contracts';
import {
  contactBody,
  contactFields,
  contactFormValues,
  notesField,
} from '../../../components/contact-fields.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormFieldList } from '../../../components/FormFields.tsx';
import { useVersionedSave } from '../../../components/use-versioned-save.ts';
import { fetchTenant, useCreateTenant, useUpdateTenant } from '../api.ts';

type TenantFormValues = z.input<typeof TenantInput>;
type TenantFormOutput = z.output<typeof TenantInput>;

const tenantFields = [...contactFields({ name: 'Full name', idNumber: 'ID number' }), notesField];

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
    defaultValues: contactFormValues(tenant),
  });
  const versioned = useVersionedSave({
    record: tenant,
    noun: 'tenant',
    fetchRecord: fetchTenant,
    onReloaded: (fresh) => reset(contactFormValues(fresh)),
  });

  const handleSave = (values: TenantFormOutput) =>
    versioned.save(async () => {
      const body = contactBody(values);
      const saved = tenant
        ? await update.mutateAsync({ id: tenant._id, body: { ...body, __v: versioned.version } })
        : await create.mutateAsync(body);
      onSaved?.(saved);
      onClose();
    });

  return (
    <FormDialog
      open={open}
      title={tenant ? `Edit ${tenant.name}` : 'Add tenant'}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
      isSubmitting={isSubmitting}
      busy={isSubmitting || versioned.reloading}
      {...versioned.formDialogProps}
    >
      <FormFieldList control={control} fields={tenantFields} />
    </FormDialog>
  );
}

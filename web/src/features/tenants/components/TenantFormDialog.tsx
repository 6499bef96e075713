import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TenantInput, type Tenant } from '@lintel/contracts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useVersionedSave } from '../../../components/use-versioned-save.ts';
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
  const versioned = useVersionedSave({
    record: tenant,
    noun: 'tenant',
    fetchRecord: fetchTenant,
    onReloaded: (fresh) => reset(formValuesOf(fresh)),
  });

  const handleSave = (values: TenantFormOutput) =>
    versioned.save(async () => {
      const body = {
        name: values.name,
        email: values.email ?? null,
        phone: values.phone ?? null,
        idNumber: values.idNumber ?? null,
        notes: values.notes ?? null,
      };
      const saved = tenant
        ? await update.mutateAsync({ id: tenant._id, body: { ...body, __v: versioned.version } })
        : await create.mutateAsync(body);
      onSaved?.(saved);
      onClose();
    });

  const full = { gridColumn: '1 / -1' };
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

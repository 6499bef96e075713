import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import {
  formatMajorUnits,
  IsoDate,
  LEASE_END_AFTER_START,
  LeaseRent,
  LeaseRentDueDay,
  MajorUnitsText,
  type Lease,
  type Tenant,
} from '@lintel/contracts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useVersionedSave } from '../../../components/use-versioned-save.ts';
import {
  type PickerOption,
  propertyOption,
  SearchPicker,
  usePropertyOptions,
} from '../../properties/index.ts';
import { fetchLease, useCreateLease, useTenantOptions, useUpdateLease } from '../api.ts';

/** The contract's lease input as a form: money typed as major-unit text, checked as you type. */
const LeaseForm = z
  .object({
    propertyId: z.string('Choose a property').min(1, 'Choose a property'),
    tenantId: z.string('Choose a tenant').min(1, 'Choose a tenant'),
    startDate: IsoDate,
    endDate: IsoDate,
    rent: MajorUnitsText.pipe(LeaseRent),
    rentDueDay: LeaseRentDueDay,
    deposit: MajorUnitsText,
    terms: z.string().max(10000),
  })
  .refine((value) => value.endDate > value.startDate, {
    message: LEASE_END_AFTER_START,
    path: ['endDate'],
    // Checked as soon as both dates are there, even while other fields are still wrong.
    when: (payload) => {
      const value = payload.value as { startDate?: unknown; endDate?: unknown };
      return typeof value.startDate === 'string' && typeof value.endDate === 'string';
    },
  });
type LeaseFormValues = z.input<typeof LeaseForm>;
type LeaseFormOutput = z.output<typeof LeaseForm>;

type PropertyOption = PickerOption & { currency?: string };

const tenantOption = (tenant: Tenant): PickerOption => ({
  _id: tenant._id,
  label: tenant.name,
  detail: tenant.email ?? tenant.phone,
});

const formValuesOf = (lease: Lease | null): LeaseFormValues =>
  lease
    ? {
        propertyId: lease.propertyId,
        tenantId: lease.tenantId,
        startDate: lease.startDate,
        endDate: lease.endDate,
        rent: formatMajorUnits(lease.rentAmount),
        rentDueDay: lease.rentDueDay,
        deposit: formatMajorUnits(lease.depositAmount),
        terms: lease.terms ?? '',
      }
    : {
        propertyId: '',
        tenantId: '',
        startDate: '',
        endDate: '',
        rent: '',
        rentDueDay: 1,
        deposit: '',
        terms: '',
      };

export interface LeaseFormDialogProps {
  open: boolean;
  /** The draft to edit; null creates a new one. */
  lease: Lease | null;
  onClose: () => void;
  onExited?: () => void;
  /** After a successful save, with the saved lease. */
  onSaved?: (lease: Lease) => void;
}

/** The lease editor: create a draft, or edit one (only drafts are editable). */
export function LeaseFormDialog({ open, lease, onClose, onExited, onSaved }: LeaseFormDialogProps) {
  const [property, setProperty] = useState<PropertyOption | null>(
    lease ? { _id: lease.propertyId, label: lease.propertyName, currency: lease.currency } : null,
  );
  const [tenant, setTenant] = useState<PickerOption | null>(
    lease ? { _id: lease.tenantId, label: lease.tenantName } : null,
  );
  const create = useCreateLease();
  const update = useUpdateLease();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<LeaseFormValues, unknown, LeaseFormOutput>({
    resolver: zodResolver(LeaseForm),
    mode: 'onTouched',
    defaultValues: formValuesOf(lease),
  });
  const versioned = useVersionedSave({
    record: lease,
    noun: 'lease',
    fetchRecord: fetchLease,
    onReloaded: (fresh) => {
      reset(formValuesOf(fresh));
      setProperty({ _id: fresh.propertyId, label: fresh.propertyName, currency: fresh.currency });
      setTenant({ _id: fresh.tenantId, label: fresh.tenantName });
    },
  });
  const busy = isSubmitting || versioned.reloading;

  const handleSave = (values: LeaseFormOutput) =>
    versioned.save(async () => {
      const fields = {
        propertyId: values.propertyId,
        tenantId: values.tenantId,
        startDate: values.startDate,
        endDate: values.endDate,
        rentAmount: values.rent,
        rentDueDay: values.rentDueDay,
        depositAmount: values.deposit,
        terms: values.terms.trim() ? values.terms : null,
      };
      const saved = lease
        ? await update.mutateAsync({ id: lease._id, body: { ...fields, __v: versioned.version } })
        : await create.mutateAsync(fields);
      onSaved?.(saved);
      onClose();
    });

  const currency = property?.currency;
  const money = {
    htmlInput: { inputMode: 'decimal' as const, autoComplete: 'off' },
    input: currency ? { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } : {},
  };
  const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } };
  const full = { gridColumn: '1 / -1' };

  return (
    <FormDialog
      open={open}
      title={lease ? 'Edit lease' : 'New lease'}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
      isSubmitting={isSubmitting}
      busy={busy}
      {...versioned.formDialogProps}
      warnDiscard={false}
    >
      <Box sx={full}>
        <Controller
          control={control}
          name="propertyId"
          render={({ field, fieldState }) => (
            // Admins pick any property; agents those they manage (the server refuses the rest).
            <SearchPicker
              label="Property"
              required
              value={property}
              onChange={(next) => {
                setProperty(next);
                field.onChange(next?._id ?? '');
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              useOptions={usePropertyOptions}
              toOption={propertyOption}
              noOptions={{ searched: 'No properties match', none: 'No properties you can let' }}
            />
          )}
        />
      </Box>
      <Box sx={full}>
        <Controller
          control={control}
          name="tenantId"
          render={({ field, fieldState }) => (
            <SearchPicker
              label="Tenant"
              required
              value={tenant}
              onChange={(next) => {
                setTenant(next);
                field.onChange(next?._id ?? '');
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              useOptions={useTenantOptions}
              toOption={tenantOption}
              noOptions={{ searched: 'No tenants match', none: 'No tenants yet' }}
            />
          )}
        />
      </Box>
      <FormTextField control={control} name="startDate" label="Start date" required {...dateProps} />
      <FormTextField control={control} name="endDate" label="End date" required {...dateProps} />
      <FormTextField
        control={control}
        name="rent"
        label="Monthly rent"
        required
        placeholder="1250.50"
        slotProps={money}
      />
      <FormTextField
        control={control}
        name="rentDueDay"
        label="Rent due day"
        type="number"
        helperText="Day of the month, 1–28"
        toValue={(text) => (text === '' ? undefined : Number(text))}
        slotProps={{ htmlInput: { min: 1, max: 28, step: 1, inputMode: 'numeric' } }}
      />
      <FormTextField
        control={control}
        name="deposit"
        label="Deposit"
        placeholder="0.00"
        slotProps={money}
        sx={full}
      />
      <FormTextField control={control} name="terms" label="Terms" multiline minRows={3} sx={full} />
    </FormDialog>
  );
}

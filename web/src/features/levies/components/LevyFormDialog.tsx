import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import {
  formatMajorUnits,
  IsoDate,
  LEVY_END_BEFORE_START,
  LevyScheduleFields,
  MajorUnitsText,
  type LevySchedule,
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
import { fetchLevySchedule, useCreateLevySchedule, useUpdateLevySchedule } from '../api.ts';

const BANK_INCOMPLETE = 'Enter the bank, account name and account number, or leave all three empty';

const LevyForm = z
  .object({
    propertyId: z.string().min(1, 'Choose a property'),
    bodyCorporate: LevyScheduleFields.shape.bodyCorporate,
    contact: z.string().trim().max(300),
    bankName: z.string().trim().max(200),
    accountName: z.string().trim().max(200),
    accountNumber: z.string().trim().max(100),
    amount: MajorUnitsText.pipe(LevyScheduleFields.shape.amount),
    startDate: IsoDate,
    endDate: z.union([z.literal(''), IsoDate]),
  })
  .refine((value) => !value.endDate || value.endDate >= value.startDate, {
    message: LEVY_END_BEFORE_START,
    path: ['endDate'],
  })
  .refine(
    (value) => {
      const filled = [value.bankName, value.accountName, value.accountNumber].filter(Boolean).length;
      return filled === 0 || filled === 3;
    },
    { message: BANK_INCOMPLETE, path: ['accountNumber'] },
  );
type LevyFormValues = z.input<typeof LevyForm>;
type LevyFormOutput = z.output<typeof LevyForm>;

type PropertyOption = PickerOption & { currency: string };

const formValuesOf = (schedule: LevySchedule | null): LevyFormValues => ({
  propertyId: schedule?.propertyId ?? '',
  bodyCorporate: schedule?.bodyCorporate ?? '',
  contact: schedule?.contact ?? '',
  bankName: schedule?.bankDetails?.bankName ?? '',
  accountName: schedule?.bankDetails?.accountName ?? '',
  accountNumber: schedule?.bankDetails?.accountNumber ?? '',
  amount: schedule ? formatMajorUnits(schedule.amount) : '',
  startDate: schedule?.startDate ?? '',
  endDate: schedule?.endDate ?? '',
});

export interface LevyFormDialogProps {
  open: boolean;
  /** The schedule to edit; null adds one. */
  schedule: LevySchedule | null;
  onClose: () => void;
  onExited?: () => void;
}

/** Add or edit a property's levy schedule; the levy is paid from the property's account in its currency. */
export function LevyFormDialog({ open, schedule, onClose, onExited }: LevyFormDialogProps) {
  const [property, setProperty] = useState<PropertyOption | null>(
    schedule ? { _id: schedule.propertyId, label: schedule.propertyName, currency: schedule.currency } : null,
  );
  const create = useCreateLevySchedule();
  const update = useUpdateLevySchedule();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<LevyFormValues, unknown, LevyFormOutput>({
    resolver: zodResolver(LevyForm),
    mode: 'onTouched',
    defaultValues: formValuesOf(schedule),
  });
  const versioned = useVersionedSave({
    record: schedule,
    noun: 'levy',
    fetchRecord: fetchLevySchedule,
    onReloaded: (fresh) => {
      reset(formValuesOf(fresh));
      setProperty({ _id: fresh.propertyId, label: fresh.propertyName, currency: fresh.currency });
    },
  });
  const currency = property?.currency ?? schedule?.currency ?? '';

  const handleSave = (values: LevyFormOutput) =>
    versioned.save(async () => {
      const body = {
        propertyId: values.propertyId,
        bodyCorporate: values.bodyCorporate,
        contact: values.contact || null,
        bankDetails: values.bankName
          ? {
              bankName: values.bankName,
              accountName: values.accountName,
              accountNumber: values.accountNumber,
            }
          : null,
        amount: values.amount,
        currency,
        startDate: values.startDate,
        endDate: values.endDate || null,
      };
      if (schedule) await update.mutateAsync({ id: schedule._id, body: { ...body, __v: versioned.version } });
      else await create.mutateAsync(body);
      onClose();
    });

  const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } };
  const full = { gridColumn: '1 / -1' };
  return (
    <FormDialog
      open={open}
      title={schedule ? `Edit levy — ${schedule.propertyName}` : 'Add levy'}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
      isSubmitting={isSubmitting}
      busy={isSubmitting || versioned.reloading}
      {...versioned.formDialogProps}
    >
      <Box sx={full}>
        <Controller
          control={control}
          name="propertyId"
          render={({ field, fieldState }) => (
            <SearchPicker
              label="Property"
              required
              autoFocus={!schedule}
              value={property}
              onChange={(next) => {
                setProperty(next);
                field.onChange(next?._id ?? '');
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              helperText={currency ? `Paid from the property's ${currency} account` : undefined}
              useOptions={usePropertyOptions}
              toOption={propertyOption}
              noOptions={{ searched: 'No properties match', none: 'No properties yet' }}
            />
          )}
        />
      </Box>
      <FormTextField control={control} name="bodyCorporate" label="Body corporate" required />
      <FormTextField control={control} name="contact" label="Contact" placeholder="Email or phone" />
      <FormTextField
        control={control}
        name="amount"
        label="Monthly amount"
        required
        placeholder="0.00"
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          input: currency ? { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } : {},
        }}
      />
      <Box />
      <FormTextField control={control} name="startDate" label="Start" required {...dateProps} />
      <FormTextField
        control={control}
        name="endDate"
        label="End"
        helperText="Leave empty while it runs"
        {...dateProps}
      />
      <Typography variant="subtitle2" sx={{ ...full, mt: 1 }}>
        Body corporate bank details
      </Typography>
      <FormTextField control={control} name="bankName" label="Bank" />
      <FormTextField control={control} name="accountName" label="Account name" />
      <FormTextField control={control} name="accountNumber" label="Account number" sx={full} />
    </FormDialog>
  );
}

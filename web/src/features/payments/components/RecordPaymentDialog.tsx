import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import {
  formatMajorUnits,
  formatMoney,
  MajorUnitsText,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  PaymentInput,
  PaymentMethod,
  PaymentType,
  type Lease,
  type Payment,
} from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { InfoDialog } from '../../../components/InfoDialog.tsx';
import { FormDateField } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { todayIso } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useFinanceSettings } from '../../finance/index.ts';
import {
  type PickerOption,
  propertyOption,
  SearchPicker,
  usePropertyOptions,
} from '../../properties/index.ts';
import { useActiveLeaseOptions, useRecordPayment } from '../api.ts';
import { PAYMENT_TYPE_LABELS } from '../payment-labels.ts';
import { PaymentSplitList } from './PaymentSplitList.tsx';
import { useReceiptDownload } from './use-receipt-download.tsx';

/** Form fields named as the contract's, so its messages land on them. */
const FORM_FIELDS = new Set(['leaseId', 'propertyId', 'amount', 'currency', 'method', 'paymentDate']);

/**
 * The contract's payment input as a form: the amount typed as major-unit text, then the whole
 * checked by `PaymentInput` itself (lease or property required, amount above zero).
 */
const RecordForm = z
  .object({
    type: PaymentType,
    leaseId: z.string(),
    propertyId: z.string(),
    amount: MajorUnitsText,
    currency: z.string(),
    method: PaymentMethod,
    paymentDate: z.string(),
    reference: z.string(),
    payerName: z.string(),
    notes: z.string(),
  })
  .transform((values, ctx) => {
    const isOther = values.type === 'other';
    const parsed = PaymentInput.safeParse({
      type: values.type,
      ...(!isOther && values.leaseId ? { leaseId: values.leaseId } : {}),
      ...(isOther && values.propertyId ? { propertyId: values.propertyId } : {}),
      amount: values.amount,
      currency: values.currency,
      method: values.method,
      paymentDate: values.paymentDate,
      reference: values.reference.trim() || null,
      payerName: values.payerName.trim() || null,
      notes: values.notes.trim() || null,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [FORM_FIELDS.has(field) ? field : 'root'],
      });
    }
    return z.NEVER;
  });
type RecordValues = z.input<typeof RecordForm>;
type RecordOutput = z.output<typeof RecordForm>;

type PropertyOption = PickerOption & { currency: string };

/** A lease as a picker option; the lease itself rides along for its rent, deposit and currency. */
const leaseOption = (lease: Lease) => ({
  _id: lease._id,
  label: `${lease.propertyName} — ${lease.tenantName}`,
  detail: `Rent ${formatMoney(lease.rentAmount, lease.currency)}`,
  lease,
});

/** The amount a lease suggests for a payment type: its rent, or its deposit. */
const suggestedAmount = (lease: Lease, type: PaymentType) =>
  type === 'rent'
    ? lease.rentAmount
    : type === 'deposit' && lease.depositAmount > 0
      ? lease.depositAmount
      : null;

export interface RecordPaymentDialogProps {
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
  onRecorded?: (payment: Payment) => void;
}

/**
 * Record a payment, then show its receipt number and split. Mount a new one (a new `key`) for each
 * opening: its idempotency key is made once, so a double click or a retry never records twice.
 */
export function RecordPaymentDialog({ open, onClose, onExited, onRecorded }: RecordPaymentDialogProps) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [recorded, setRecorded] = useState<Payment | null>(null);
  const [lease, setLease] = useState<Lease | null>(null);
  const [property, setProperty] = useState<PropertyOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const record = useRecordPayment();
  const settings = useFinanceSettings(open);
  const { control, handleSubmit, setValue, getValues, formState } = useForm<
    RecordValues,
    unknown,
    RecordOutput
  >({
    resolver: zodResolver(RecordForm),
    mode: 'onTouched',
    defaultValues: {
      type: 'rent',
      leaseId: '',
      propertyId: '',
      amount: '',
      currency: '',
      method: 'cash',
      paymentDate: todayIso(),
      reference: '',
      payerName: '',
      notes: '',
    },
  });
  const type = useWatch({ control, name: 'type' });
  const currency = useWatch({ control, name: 'currency' });
  const defaultCurrency = settings.data?.defaultCurrency;
  useEffect(() => {
    if (defaultCurrency && !getValues('currency')) setValue('currency', defaultCurrency);
  }, [defaultCurrency, getValues, setValue]);

  const chooseLease = (next: Lease | null) => {
    setLease(next);
    setValue('leaseId', next?._id ?? '', { shouldValidate: formState.isSubmitted });
    if (!next) return;
    setValue('currency', next.currency);
    const amount = suggestedAmount(next, getValues('type'));
    if (amount !== null) setValue('amount', formatMajorUnits(amount), { shouldValidate: true });
  };
  /** Runs as the type changes: the other kind of picker's choice is dropped. */
  const chooseType = (next: PaymentType) => {
    if (next === 'other') {
      setLease(null);
      setValue('leaseId', '');
      return;
    }
    setProperty(null);
    setValue('propertyId', '');
    const amount = lease ? suggestedAmount(lease, next) : null;
    if (amount !== null) setValue('amount', formatMajorUnits(amount), { shouldValidate: true });
  };

  const handleRecord = async (body: RecordOutput) => {
    setError(null);
    try {
      const payment = await record.mutateAsync({ body, idempotencyKey });
      setRecorded(payment);
      onRecorded?.(payment);
    } catch (failure) {
      setError(toApiError(failure, 'The payment could not be recorded. Please try again.').message);
    }
  };

  if (recorded)
    return <PaymentRecorded open={open} payment={recorded} onClose={onClose} onExited={onExited} />;

  // A lease's payments are in the lease's currency; other payments in any enabled one.
  const currencies = [...new Set([...(settings.data?.currencies ?? []), ...(currency ? [currency] : [])])];
  const money = {
    htmlInput: { inputMode: 'decimal' as const, autoComplete: 'off' },
    input: currency ? { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } : {},
  };
  const full = { gridColumn: '1 / -1' };
  const busy = formState.isSubmitting;

  return (
    <ActionDialog
      open={open}
      title="Record payment"
      action={{ label: 'Record payment' }}
      busy={busy}
      error={error}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleRecord)(event)}
      maxWidth="sm"
      dividers
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
        <FormTextField
          control={control}
          name="type"
          label="Payment type"
          select
          required
          toValue={(text) => {
            chooseType(text as PaymentType);
            return text;
          }}
        >
          {optionItems(PAYMENT_TYPES, PAYMENT_TYPE_LABELS)}
        </FormTextField>
        <FormTextField control={control} name="method" label="Method" select required>
          {optionItems(PAYMENT_METHODS, PAYMENT_METHOD_LABELS)}
        </FormTextField>
        <Box sx={full}>
          {type === 'other' ? (
            <Controller
              control={control}
              name="propertyId"
              render={({ field, fieldState }) => (
                <SearchPicker
                  label="Property"
                  required
                  value={property}
                  onChange={(next) => {
                    setProperty(next);
                    field.onChange(next?._id ?? '');
                    if (next) setValue('currency', next.currency);
                  }}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  useOptions={usePropertyOptions}
                  toOption={propertyOption}
                  noOptions={{ searched: 'No properties match', none: 'No properties you can receipt' }}
                />
              )}
            />
          ) : (
            <Controller
              control={control}
              name="leaseId"
              render={({ field, fieldState }) => (
                <SearchPicker
                  label="Lease"
                  required
                  value={lease ? leaseOption(lease) : null}
                  onChange={(option) => chooseLease(option?.lease ?? null)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  helperText="Active leases; search by property or tenant"
                  useOptions={useActiveLeaseOptions}
                  toOption={leaseOption}
                  noOptions={{ searched: 'No active leases match', none: 'No active leases you can receipt' }}
                />
              )}
            />
          )}
        </Box>
        <FormTextField
          control={control}
          name="amount"
          label="Amount"
          required
          placeholder="1250.50"
          slotProps={money}
        />
        <FormTextField
          control={control}
          name="currency"
          label="Currency"
          select
          required
          disabled={Boolean(lease) && type !== 'other'}
          helperText={lease && type !== 'other' ? "The lease's currency" : undefined}
        >
          {currencies.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </FormTextField>
        <FormDateField control={control} name="paymentDate" label="Payment date" required />
        <FormTextField
          control={control}
          name="reference"
          label="Reference"
          helperText="Bank or slip reference"
        />
        <FormTextField
          control={control}
          name="payerName"
          label="Payer name"
          helperText={lease ? `Leave empty for ${lease.tenantName}` : undefined}
          sx={full}
        />
        <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} sx={full} />
      </Box>
    </ActionDialog>
  );
}

/** The receipt number and where the money went, with the receipt to download. */
function PaymentRecorded({
  open,
  payment,
  onClose,
  onExited,
}: {
  open: boolean;
  payment: Payment;
  onClose: () => void;
  onExited?: (() => void) | undefined;
}) {
  const receipt = useReceiptDownload(payment);
  return (
    <InfoDialog
      open={open}
      title="Payment recorded"
      maxWidth="xs"
      dividers
      closeLabel="Done"
      focusClose
      actions={receipt.button}
      onClose={onClose}
      onExited={onExited}
    >
      <Typography role="status" sx={{ mb: 2 }}>
        Receipt <strong>{payment.receiptNumber}</strong> for {formatMoney(payment.amount, payment.currency)}
      </Typography>
      <PaymentSplitList payment={payment} />
      <ErrorAlert message={receipt.error} sx={{ mt: 2 }} />
    </InfoDialog>
  );
}

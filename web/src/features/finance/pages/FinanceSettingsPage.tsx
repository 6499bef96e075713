import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type FinanceSettings,
  FinanceSettingsInput,
  ArrearsReminderStep,
  formatBasisPoints,
  formatMajorUnits,
  MajorUnitsText,
  parsePercent,
  TRANSFER_SCHEDULES,
  type TransferSchedule,
} from '@lintel/contracts';
import { FormDateField, FormSwitchField } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { todayIso } from '../../../lib/format.ts';
import { toApiError, type ApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import {
  canEditFinanceSettings,
  canReadFinanceSettings,
  useFinanceSettings,
  useUpdateFinanceSettings,
} from '../api.ts';
import { ReminderStepsField } from '../components/ReminderStepsField.tsx';
import { COMMON_CURRENCIES } from '../currencies.ts';

const PercentText = z.string().transform((text, ctx) => {
  const parsed = parsePercent(text);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.bp;
});

/** The contract's field for each rate, and the form's field its issues belong to. */
const FORM_FIELD: Record<string, string> = {
  commissionRateBp: 'commissionRate',
  agentShareBp: 'agentShare',
  vatRateBp: 'vatRate',
  lateFeeRateBp: 'lateFeeRate',
};

/**
 * The settings as a form: rates typed as percentages. Once they read, the contract's own input
 * schema checks the whole (default currency enabled, commission plus VAT at most 100%), and its
 * messages land on the form's fields.
 */
const FinanceForm = z
  .object({
    currencies: z.array(z.string()),
    defaultCurrency: z.string(),
    commissionRate: PercentText,
    agentShare: PercentText,
    vatRegistered: z.boolean(),
    vatRate: PercentText,
    rentDueDay: z.unknown(),
    lateFeeRate: PercentText,
    receiptPrefix: z.string(),
    invoicePrefix: z.string(),
    ownerApprovalLimit: MajorUnitsText,
    transferSchedule: z.string(),
    transferLimitDays: z.unknown(),
    emailReceipts: z.boolean(),
    statementDay: z.unknown(),
    arrearsReminderSteps: z.array(ArrearsReminderStep),
    vatRateEffectiveFrom: z.string(),
    __v: z.number(),
  })
  .transform((values, ctx) => {
    const parsed = FinanceSettingsInput.safeParse({
      currencies: values.currencies,
      defaultCurrency: values.defaultCurrency,
      commissionRateBp: values.commissionRate,
      agentShareBp: values.agentShare,
      vatRegistered: values.vatRegistered,
      vatRateBp: values.vatRate,
      rentDueDay: values.rentDueDay,
      lateFeeRateBp: values.lateFeeRate,
      receiptPrefix: values.receiptPrefix,
      invoicePrefix: values.invoicePrefix,
      ownerApprovalLimit: values.ownerApprovalLimit,
      transferSchedule: values.transferSchedule,
      transferLimitDays: Number(values.transferLimitDays),
      emailReceipts: values.emailReceipts,
      statementDay: values.statementDay,
      arrearsReminderSteps: values.arrearsReminderSteps,
      ...(values.vatRateEffectiveFrom ? { vatRateEffectiveFrom: values.vatRateEffectiveFrom } : {}),
      __v: values.__v,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      ctx.addIssue({ code: 'custom', message: issue.message, path: [FORM_FIELD[field] ?? field] });
    }
    return z.NEVER;
  });
type FinanceFormValues = z.input<typeof FinanceForm>;
type FinanceFormOutput = z.output<typeof FinanceForm>;

const formValuesOf = (settings: FinanceSettings): FinanceFormValues => ({
  currencies: settings.currencies,
  defaultCurrency: settings.defaultCurrency,
  commissionRate: formatBasisPoints(settings.commissionRateBp),
  agentShare: formatBasisPoints(settings.agentShareBp),
  vatRegistered: settings.vatRegistered,
  vatRate: formatBasisPoints(settings.vatRateBp),
  rentDueDay: settings.rentDueDay,
  lateFeeRate: formatBasisPoints(settings.lateFeeRateBp),
  receiptPrefix: settings.receiptPrefix,
  invoicePrefix: settings.invoicePrefix,
  ownerApprovalLimit: formatMajorUnits(settings.ownerApprovalLimit),
  transferSchedule: settings.transferSchedule,
  transferLimitDays: String(settings.transferLimitDays),
  emailReceipts: settings.emailReceipts,
  statementDay: settings.statementDay,
  arrearsReminderSteps: settings.arrearsReminderSteps,
  // A changed VAT rate applies from today unless another day is chosen.
  vatRateEffectiveFrom: todayIso(),
  __v: settings.__v,
});

const SCHEDULE_LABELS: Record<TransferSchedule, string> = {
  off: 'Off (transfer by hand)',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** /accountant-dashboard/settings: the company's money settings; admins and accountants change them. */
export function FinanceSettingsPage() {
  const { user } = useAuth();
  const canRead = canReadFinanceSettings(user?.role);
  const settings = useFinanceSettings(canRead);
  const header = (
    <PageHeader
      title="Accounting settings"
      subtitle="Currencies, commission, VAT and the numbering of receipts and invoices."
    />
  );
  if (!canRead) {
    return (
      <>
        {header}
        <Alert severity="info">Accounting settings are managed by your agency&apos;s accountants.</Alert>
      </>
    );
  }
  return (
    <>
      {header}
      {settings.data ? (
        <FinanceSettingsForm
          saved={settings.data}
          readOnly={!canEditFinanceSettings(user?.role)}
          reload={async () => (await settings.refetch()).data}
        />
      ) : settings.isPending && !settings.error ? (
        <PageSpinner label="Loading settings…" />
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          }
        >
          {settings.error?.message ?? 'The accounting settings could not be loaded.'}
        </Alert>
      )}
    </>
  );
}

interface FinanceSettingsFormProps {
  saved: FinanceSettings;
  readOnly: boolean;
  /** Fetches the settings again after someone else changed them. */
  reload: () => Promise<FinanceSettings | undefined>;
}

function FinanceSettingsForm({ saved, readOnly, reload }: FinanceSettingsFormProps) {
  const update = useUpdateFinanceSettings();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [savedNotice, setSavedNotice] = useState(false);
  const [reloading, setReloading] = useState(false);
  const { control, handleSubmit, reset, setValue, getValues, formState } = useForm<
    FinanceFormValues,
    unknown,
    FinanceFormOutput
  >({
    resolver: zodResolver(FinanceForm),
    mode: 'onTouched',
    defaultValues: formValuesOf(saved),
  });
  const currencies = useWatch({ control, name: 'currencies' });
  const vatRegistered = useWatch({ control, name: 'vatRegistered' });
  const defaultCurrency = useWatch({ control, name: 'defaultCurrency' });
  const isStale = failure?.status === 409 && failure.code === 'STALE_VERSION';

  const handleSave = handleSubmit(async (body) => {
    setFailure(null);
    setSavedNotice(false);
    try {
      reset(formValuesOf(await update.mutateAsync(body)));
      setSavedNotice(true);
    } catch (error) {
      setFailure(toApiError(error, 'The settings could not be saved. Please try again.'));
    }
  });

  const handleReload = async () => {
    setReloading(true);
    try {
      const fresh = await reload();
      if (fresh) reset(formValuesOf(fresh));
      setFailure(null);
    } catch (error) {
      setFailure(toApiError(error, 'The settings could not be reloaded.'));
    } finally {
      setReloading(false);
    }
  };

  const percent = {
    htmlInput: { inputMode: 'decimal' as const, autoComplete: 'off' },
    input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
  };
  const field = { disabled: readOnly };

  return (
    <Paper component="section" aria-label="Accounting settings" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Box component="form" noValidate onSubmit={(event) => void handleSave(event)}>
        <Stack spacing={2}>
          <Alert severity="info">
            Changing rates applies to payments recorded from now on. Payments already posted keep the rates
            they were split with.
          </Alert>
          {readOnly && <Alert severity="info">Only admins and accountants can change these settings.</Alert>}

          <Controller
            control={control}
            name="currencies"
            render={({ field: currenciesField, fieldState }) => (
              <Autocomplete
                multiple
                freeSolo
                disabled={readOnly}
                options={COMMON_CURRENCIES}
                value={currenciesField.value}
                onChange={(_event, next) => {
                  const codes = [...new Set(next.map((code) => code.trim().toUpperCase()).filter(Boolean))];
                  currenciesField.onChange(codes);
                  // The default must stay one of the enabled currencies.
                  if (codes.length > 0 && !codes.includes(getValues('defaultCurrency'))) {
                    setValue('defaultCurrency', codes[0]!, { shouldValidate: true });
                  }
                }}
                onBlur={currenciesField.onBlur}
                renderValue={(values, getItemProps) =>
                  values.map((code, index) => {
                    const { key, ...itemProps } = getItemProps({ index });
                    return <Chip key={key} label={code} size="small" {...itemProps} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Enabled currencies"
                    error={Boolean(fieldState.error)}
                    helperText={
                      fieldState.error?.message ??
                      'Pick from the list, or type a three-letter ISO code and press Enter.'
                    }
                  />
                )}
              />
            )}
          />

          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <FormTextField
              control={control}
              name="defaultCurrency"
              label="Default currency"
              select
              {...field}
            >
              {currencies.map((code) => (
                <MenuItem key={code} value={code}>
                  {code}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="rentDueDay"
              label="Rent due day"
              type="number"
              helperText="Day of the month, 1–28"
              toValue={(text) => (text === '' ? undefined : Number(text))}
              slotProps={{ htmlInput: { min: 1, max: 28, step: 1, inputMode: 'numeric' } }}
              {...field}
            />
            <FormTextField
              control={control}
              name="commissionRate"
              label="Commission rate"
              helperText="Of rent collected, unless a property sets its own"
              slotProps={percent}
              {...field}
            />
            <FormTextField
              control={control}
              name="agentShare"
              label="Agent share"
              helperText="Of the commission; the rest is the agency's"
              slotProps={percent}
              {...field}
            />
            <FormSwitchField
              control={control}
              name="vatRegistered"
              label="VAT registered"
              disabled={readOnly}
            />
            <FormTextField
              control={control}
              name="vatRate"
              label="VAT rate"
              helperText={
                vatRegistered ? 'Charged on the commission' : 'Not charged while not VAT registered'
              }
              slotProps={percent}
              disabled={readOnly || !vatRegistered}
            />
            <FormDateField
              control={control}
              name="vatRateEffectiveFrom"
              label="New VAT rate applies from"
              helperText="Payments before this day keep the rate in force then"
              disabled={readOnly || !vatRegistered}
            />
            <FormTextField
              control={control}
              name="lateFeeRate"
              label="Late fee rate"
              helperText="0 turns late fees off"
              slotProps={percent}
              {...field}
            />
            <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
            <FormTextField control={control} name="receiptPrefix" label="Receipt prefix" {...field} />
            <FormTextField control={control} name="invoicePrefix" label="Invoice prefix" {...field} />
            <FormTextField
              control={control}
              name="ownerApprovalLimit"
              label="Owner approval limit"
              helperText={`Maintenance estimates above this (in ${defaultCurrency}) need the owner's approval`}
              inputMode="decimal"
              {...field}
            />
            <FormTextField
              control={control}
              name="transferSchedule"
              label="Fee transfer schedule"
              select
              helperText="How often what is due to the agency moves to the business account on its own"
              {...field}
            >
              {TRANSFER_SCHEDULES.map((schedule) => (
                <MenuItem key={schedule} value={schedule}>
                  {SCHEDULE_LABELS[schedule]}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="transferLimitDays"
              label="Transfer limit (days)"
              helperText="Money due to the agency left in trust longer than this is flagged"
              inputMode="numeric"
              {...field}
            />
            <FormSwitchField
              control={control}
              name="emailReceipts"
              label="Email receipts to tenants"
              disabled={readOnly}
            />
            <FormTextField
              control={control}
              name="statementDay"
              label="Owner statement day"
              type="number"
              helperText="Owners are emailed last month's statement on this day, 1–28"
              toValue={(text) => (text === '' ? undefined : Number(text))}
              slotProps={{ htmlInput: { min: 1, max: 28, step: 1, inputMode: 'numeric' } }}
              {...field}
            />
          </Box>

          <ReminderStepsField control={control} disabled={readOnly} />

          {failure && (
            <Alert
              severity="error"
              action={
                isStale ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => void handleReload()}
                    disabled={reloading}
                  >
                    Reload
                  </Button>
                ) : undefined
              }
            >
              {failure.message}
              {isStale && ' Reloading discards the changes made here.'}
            </Alert>
          )}
          {savedNotice && !formState.isDirty && (
            <Alert severity="success" role="status">
              Settings saved.
            </Alert>
          )}
          {!readOnly && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <SubmitButton pending={formState.isSubmitting} disabled={!formState.isDirty || reloading}>
                Save settings
              </SubmitButton>
            </Box>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}

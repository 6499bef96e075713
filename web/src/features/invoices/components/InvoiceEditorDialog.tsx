import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatMoney,
  INVOICE_CLIENT_TYPES,
  INVOICE_KIND_LABELS,
  INVOICE_KINDS,
  type Invoice,
  type InvoiceClientType,
} from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { FormDateField } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { todayIso } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useFinanceSettings } from '../../finance/index.ts';
// The payments feature's "today in the user's time zone": an invoice's default issue date.
import { SearchPicker, type PickerOption } from '../../properties/index.ts';
import { useCreateInvoice, useOwnerOptions, useTenantOptions, useUpdateInvoice } from '../api.ts';
import {
  emptyLine,
  formValuesOf,
  InvoiceForm,
  liveTotals,
  type InvoiceFormOutput,
  type InvoiceFormValues,
} from '../invoice-form.ts';
import { InvoiceTotalsList } from './InvoiceTotalsList.tsx';

const CLIENT_TYPE_LABELS: Record<InvoiceClientType, string> = {
  owner: 'Owner',
  tenant: 'Tenant',
  other: 'Someone else',
};

const clientOption = (client: { _id: string; name: string; email?: string | null }): PickerOption => ({
  _id: client._id,
  label: client.name,
  detail: client.email ?? undefined,
});

export interface InvoiceEditorDialogProps {
  open: boolean;
  /** The draft to change; none for a new invoice. */
  invoice?: Invoice | null;
  onClose: () => void;
  onExited?: () => void;
}

/** A draft's client, dates and lines, with the totals worked out as they are typed (server rules). */
export function InvoiceEditorDialog({ open, invoice, onClose, onExited }: InvoiceEditorDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [client, setClient] = useState<PickerOption | null>(
    invoice?.clientId ? { _id: invoice.clientId, label: invoice.clientName } : null,
  );
  const settings = useFinanceSettings(open);
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const { control, handleSubmit, setValue, getValues, formState } = useForm<
    InvoiceFormValues,
    unknown,
    InvoiceFormOutput
  >({
    resolver: zodResolver(InvoiceForm),
    mode: 'onTouched',
    defaultValues: invoice
      ? formValuesOf(invoice)
      : {
          kind: 'agency',
          clientType: 'other',
          clientId: '',
          clientName: '',
          clientAddress: '',
          clientEmail: '',
          currency: '',
          issueDate: todayIso(),
          dueDate: '',
          notes: '',
          lines: [emptyLine()],
        },
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const clientType = useWatch({ control, name: 'clientType' });
  const kind = useWatch({ control, name: 'kind' });
  const currency = useWatch({ control, name: 'currency' });
  const watchedLines = useWatch({ control, name: 'lines' });
  const defaultCurrency = settings.data?.defaultCurrency;
  useEffect(() => {
    if (defaultCurrency && !getValues('currency')) setValue('currency', defaultCurrency);
  }, [defaultCurrency, getValues, setValue]);

  // A draft is priced at the company's VAT rate as it stands; issuing freezes it. An invoice on an
  // owner's behalf is the owner's money: the agency charges no VAT of its own on it.
  const vatRateBp = kind === 'agency' && settings.data?.vatRegistered ? settings.data.vatRateBp : 0;
  let totals;
  try {
    totals = liveTotals(watchedLines, vatRateBp);
  } catch {
    totals = null;
  }
  const money = (amount: number) => (currency ? formatMoney(amount, currency) : String(amount));

  const handleSave = async (body: InvoiceFormOutput) => {
    setError(null);
    try {
      if (invoice) await update.mutateAsync({ id: invoice._id, body: { ...body, __v: invoice.__v } });
      else await create.mutateAsync(body);
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The invoice could not be saved. Please try again.').message);
    }
  };

  const full = { gridColumn: '1 / -1' };
  const currencies = [...new Set([...(settings.data?.currencies ?? []), ...(currency ? [currency] : [])])];

  return (
    <ActionDialog
      open={open}
      title={invoice ? 'Edit draft invoice' : 'New invoice'}
      action={{ label: 'Save draft', pending: formState.isSubmitting }}
      busy={formState.isSubmitting}
      error={error ?? formState.errors.root?.message ?? null}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
      maxWidth="md"
      dividers
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
        <FormTextField
          control={control}
          name="kind"
          label="Invoice for"
          select
          required
          sx={full}
          helperText={
            kind === 'on_behalf'
              ? "The owner's money (e.g. a utility recharge): no VAT of the agency's; paid by a trust receipt that credits the owner."
              : "The agency's own fee, with its VAT: never the owner's money."
          }
        >
          {INVOICE_KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {INVOICE_KIND_LABELS[value]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="clientType"
          label="Client"
          select
          required
          toValue={(text) => {
            setClient(null);
            setValue('clientId', '');
            return text;
          }}
        >
          {INVOICE_CLIENT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {CLIENT_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </FormTextField>
        {clientType === 'other' ? (
          <FormTextField control={control} name="clientName" label="Client name" required />
        ) : (
          <Controller
            control={control}
            name="clientId"
            render={({ field, fieldState }) => (
              <SearchPicker
                label={clientType === 'owner' ? 'Owner' : 'Tenant'}
                required
                value={client}
                onChange={(next) => {
                  setClient(next);
                  field.onChange(next?._id ?? '');
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                useOptions={clientType === 'owner' ? useOwnerOptions : useTenantOptions}
                toOption={clientOption}
                noOptions={{ searched: 'Nobody matches', none: `No ${clientType}s yet` }}
              />
            )}
          />
        )}
        <FormTextField control={control} name="clientAddress" label="Client address" multiline minRows={2} />
        <FormTextField
          control={control}
          name="clientEmail"
          label="Client email"
          type="email"
          helperText={clientType === 'other' ? undefined : 'Leave empty for the email on record'}
        />
        <FormTextField control={control} name="currency" label="Currency" select required>
          {currencies.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </FormTextField>
        <Box />
        <FormDateField control={control} name="issueDate" label="Issue date" required />
        <FormDateField control={control} name="dueDate" label="Due date" required />
        <Stack spacing={1.5} sx={full} role="group" aria-label="Invoice lines">
          <Typography variant="subtitle2">Lines</Typography>
          {lines.fields.map((line, index) => (
            <Box
              key={line.id}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr 1fr auto', sm: '3fr 1fr 1.3fr 1.3fr auto' },
              }}
            >
              <FormTextField
                control={control}
                name={`lines.${index}.description`}
                label={`Line ${index + 1} description`}
                required
                size="small"
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              />
              <FormTextField
                control={control}
                name={`lines.${index}.quantity`}
                label="Quantity"
                required
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
              <FormTextField
                control={control}
                name={`lines.${index}.unitPrice`}
                label="Unit price"
                required
                size="small"
                placeholder="120.00"
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
              <Typography
                variant="body2"
                sx={{ display: { xs: 'none', sm: 'block' }, pt: 1, textAlign: 'right' }}
                aria-label={`Line ${index + 1} amount`}
              >
                {totals ? money(totals.lineAmounts[index] ?? 0) : '—'}
              </Typography>
              <IconButton
                aria-label={`Remove line ${index + 1}`}
                onClick={() => lines.remove(index)}
                disabled={lines.fields.length === 1}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => lines.append(emptyLine())}>
              Add line
            </Button>
          </Box>
          {formState.errors.lines?.message && (
            <Typography color="error" variant="body2">
              {formState.errors.lines.message}
            </Typography>
          )}
        </Stack>
        <Box sx={{ ...full, justifySelf: 'end', minWidth: 240 }} aria-label="Totals" role="group">
          {totals ? (
            <InvoiceTotalsList
              subtotal={money(totals.subtotal)}
              vat={money(totals.vat)}
              total={money(totals.total)}
            />
          ) : (
            <Typography color="error">The total is too large.</Typography>
          )}
        </Box>
        <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} sx={full} />
      </Box>
    </ActionDialog>
  );
}

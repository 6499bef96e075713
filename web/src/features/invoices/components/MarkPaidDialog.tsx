import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  formatMoney,
  INVOICE_PAID_FROM_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type Invoice,
  type InvoicePaidFrom,
  type MarkInvoicePaidInput,
  type PaymentMethod,
} from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useMarkInvoicePaid, usePaymentOptions, usePropertyAccountOptions } from '../api.ts';

const HOW: Record<InvoicePaidFrom, string> = {
  owner_account:
    "The owner's property account pays it: the owner's balance goes down by the total, which becomes the agency's fee income and VAT.",
  business_bank: "The client paid straight into the agency's business bank account.",
  payment:
    'The client paid into the trust account: choose that "other" payment. Its amount must equal the invoice total.',
};

/**
 * Marks an issued invoice paid and says how (issue 16): an agency invoice out of an owner's
 * property account, into the business bank, or by a trust receipt; an invoice on an owner's
 * behalf only by the trust receipt that credited the owner.
 */
export function MarkPaidDialog({
  open,
  invoice,
  onClose,
  onExited,
}: {
  open: boolean;
  invoice: Invoice;
  onClose: () => void;
  onExited?: () => void;
}) {
  const onBehalf = invoice.kind === 'on_behalf';
  const [paidFrom, setPaidFrom] = useState<InvoicePaidFrom>(onBehalf ? 'payment' : 'owner_account');
  const [paymentId, setPaymentId] = useState('');
  const [propertyId, setPropertyId] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const payments = usePaymentOptions(invoice.currency, '', open && paidFrom === 'payment');
  const accounts = usePropertyAccountOptions(invoice.currency, open && paidFrom === 'owner_account');
  // An owner's invoice is paid out of one of their own properties.
  const properties = (accounts.data ?? []).filter(
    (account) => invoice.clientType !== 'owner' || account.ownerId === invoice.clientId,
  );
  const markPaid = useMarkInvoicePaid();
  const body: MarkInvoicePaidInput | null =
    paidFrom === 'payment'
      ? paymentId
        ? { paymentId }
        : null
      : paidFrom === 'owner_account'
        ? propertyId
          ? { paidFrom, propertyId }
          : null
        : { paidFrom, method, reference: reference.trim() || null };
  const handleConfirm = async () => {
    if (!body) return;
    setError(null);
    try {
      await markPaid.mutateAsync({ id: invoice._id, body });
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The invoice could not be marked paid. Please try again.').message);
    }
  };
  const choices: InvoicePaidFrom[] = onBehalf ? ['payment'] : ['owner_account', 'business_bank', 'payment'];
  return (
    <ActionDialog
      open={open}
      title="Mark invoice paid"
      action={{ label: 'Mark paid', disabled: !body, pending: markPaid.isPending }}
      busy={markPaid.isPending}
      error={error}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => {
        event.preventDefault();
        void handleConfirm();
      }}
    >
      <DialogContentText sx={{ mb: 2 }}>
        Invoice {invoice.number} for {formatMoney(invoice.total, invoice.currency)}:{' '}
        {onBehalf
          ? "issued on the owner's behalf, so it is the owner's money (no VAT of the agency's). Choose the trust receipt that paid it; it already credited the owner."
          : 'an agency fee, so it is the agency’s income and VAT, never the owner’s money. How was it paid?'}
      </DialogContentText>
      <Stack spacing={2}>
        {!onBehalf && (
          <div>
            <FormLabel id="invoice-paid-from">Paid</FormLabel>
            <RadioGroup
              aria-labelledby="invoice-paid-from"
              value={paidFrom}
              onChange={(event) => setPaidFrom(event.target.value as InvoicePaidFrom)}
            >
              {choices.map((choice) => (
                <FormControlLabel
                  key={choice}
                  value={choice}
                  control={<Radio />}
                  label={INVOICE_PAID_FROM_LABELS[choice]}
                />
              ))}
            </RadioGroup>
          </div>
        )}
        <DialogContentText variant="body2">{HOW[paidFrom]}</DialogContentText>
        {paidFrom === 'owner_account' && (
          <TextField
            select
            fullWidth
            required
            label="Property account"
            value={propertyId}
            onChange={(event) => setPropertyId(event.target.value)}
            helperText={
              accounts.data && properties.length === 0
                ? `No ${invoice.currency} property accounts${invoice.clientType === 'owner' ? ` of ${invoice.clientName}` : ''}`
                : 'It cannot pay more than it holds.'
            }
          >
            {properties.map((account) => (
              <MenuItem key={account.propertyId} value={account.propertyId}>
                {account.propertyName}
                {account.ownerName ? ` · ${account.ownerName}` : ''} · holds{' '}
                {formatMoney(account.balance, account.currency)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {paidFrom === 'business_bank' && (
          <>
            <TextField
              select
              fullWidth
              required
              label="Method"
              value={method}
              onChange={(event) => setMethod(event.target.value as PaymentMethod)}
            >
              {PAYMENT_METHODS.map((value) => (
                <MenuItem key={value} value={value}>
                  {PAYMENT_METHOD_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              fullWidth
              label="Reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </>
        )}
        {paidFrom === 'payment' && (
          <TextField
            select
            fullWidth
            required
            label="Payment"
            value={paymentId}
            onChange={(event) => setPaymentId(event.target.value)}
            helperText={
              payments.data?.length === 0
                ? `No completed ${invoice.currency} "other" payments yet`
                : undefined
            }
          >
            {(payments.data ?? []).map((payment) => (
              <MenuItem key={payment._id} value={payment._id}>
                {payment.receiptNumber} · {payment.paymentDate} ·{' '}
                {formatMoney(payment.amount, payment.currency)} ·{' '}
                {payment.payerName ?? payment.tenantName ?? payment.propertyName}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </ActionDialog>
  );
}

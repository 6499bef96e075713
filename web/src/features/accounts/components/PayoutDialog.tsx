import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import {
  formatMajorUnits,
  formatMoney,
  MajorUnitsText,
  PAYMENT_METHOD_LABELS,
  PaymentMethod,
  PayoutInput,
} from '@lintel/contracts';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useCreatePayout } from '../api.ts';
import { ConfirmedSendDialog } from './ConfirmedSendDialog.tsx';
import { moneyInputProps, paymentMethodItems } from './money-fields.tsx';
import { useConfirmedSend } from './use-confirmed-send.ts';

export const payoutLimitMessage = (balance: number, currency: string) =>
  `No more than the balance held, ${formatMoney(balance, currency)}`;

const payoutForm = (balance: number, currency: string) =>
  z.object({
    amount: MajorUnitsText.pipe(PayoutInput.shape.amount).refine((cents) => cents <= balance, {
      message: payoutLimitMessage(balance, currency),
    }),
    method: PaymentMethod,
    reference: z.string().trim().max(200),
  });
type PayoutValues = z.input<ReturnType<typeof payoutForm>>;
type PayoutOutput = z.output<ReturnType<typeof payoutForm>>;

export interface PayoutDialogProps {
  open: boolean;
  /** 'property' pays the property's owner; 'agent' pays the agent their commission. */
  accountType: 'property' | 'agent';
  accountId: string;
  /** Who receives the money, as the confirmation names them. */
  payee: string;
  currency: string;
  /** What the account holds now: the amount starts there and may not pass it. */
  balance: number;
  onClose: () => void;
}

/** PRODUCT.md: a payout moves an account's balance out, never more than it holds; it asks first. */
export function PayoutDialog({
  open,
  accountType,
  accountId,
  payee,
  currency,
  balance,
  onClose,
}: PayoutDialogProps) {
  const createPayout = useCreatePayout();
  const { control, handleSubmit } = useForm<PayoutValues, unknown, PayoutOutput>({
    resolver: zodResolver(payoutForm(balance, currency)),
    mode: 'onTouched',
    defaultValues: { amount: formatMajorUnits(Math.max(balance, 0)), method: 'bank_transfer', reference: '' },
  });
  const payout = useConfirmedSend(
    (values: PayoutOutput) =>
      createPayout.mutateAsync({
        accountType,
        accountId,
        amount: values.amount,
        currency,
        method: values.method,
        reference: values.reference || null,
      }),
    onClose,
    'The payout could not be made. Please try again.',
  );
  const title = accountType === 'property' ? 'Pay owner' : 'Pay agent';

  return (
    <ConfirmedSendDialog
      open={open}
      title={title}
      intro={
        <>
          Pay {payee} out of the {accountType === 'property' ? 'property' : 'agent'} account. It holds{' '}
          {formatMoney(balance, currency)}.
        </>
      }
      send={payout}
      onSubmit={(event) => void handleSubmit(payout.ask)(event)}
      onClose={onClose}
      confirm={{
        title: `Pay ${payout.pending ? formatMoney(payout.pending.amount, currency) : ''} to ${payee}?`,
        message: payout.pending && (
          <>
            {formatMoney(payout.pending.amount, currency)} leaves the account by{' '}
            {PAYMENT_METHOD_LABELS[payout.pending.method].toLowerCase()}. A payout cannot be undone.
          </>
        ),
        label: 'Pay',
      }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FormTextField
          control={control}
          name="amount"
          label="Amount"
          required
          {...moneyInputProps(currency)}
        />
        <FormTextField control={control} name="method" label="Method" select>
          {paymentMethodItems()}
        </FormTextField>
        <FormTextField control={control} name="reference" label="Reference" />
      </Box>
    </ConfirmedSendDialog>
  );
}

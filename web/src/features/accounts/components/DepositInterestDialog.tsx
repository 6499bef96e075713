import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { formatMoney, IsoDate, MajorUnitsText } from '@lintel/contracts';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { todayIso } from '../../../lib/format.ts';
import { useRecordDepositInterest } from '../api.ts';
import { ConfirmedSendDialog } from './ConfirmedSendDialog.tsx';
import { moneyInputProps } from './money-fields.tsx';
import { useConfirmedSend } from './use-confirmed-send.ts';

export const INTEREST_PERIOD_MESSAGE = 'The period must end on or after its start';

const interestForm = (today: string) =>
  z
    .object({
      currency: z.string().min(1, 'Pick the currency'),
      amount: MajorUnitsText.refine((cents) => cents > 0, 'Enter the interest received'),
      from: IsoDate,
      to: IsoDate.refine((date) => date <= today, 'Interest is for days that have passed'),
      date: IsoDate.refine((date) => date <= today, 'Not a day still to come'),
      reference: z.string().trim().max(200),
    })
    .refine((value) => value.to >= value.from, { message: INTEREST_PERIOD_MESSAGE, path: ['to'] });
type InterestValues = z.input<ReturnType<typeof interestForm>>;
type InterestOutput = z.output<ReturnType<typeof interestForm>>;

export interface DepositInterestDialogProps {
  open: boolean;
  currencies: readonly string[];
  onClose: () => void;
}

/**
 * Records interest the bank paid on the deposit account: it belongs to the tenants, and the
 * server shares it among the deposits held in the period by balance × days.
 */
export function DepositInterestDialog({ open, currencies, onClose }: DepositInterestDialogProps) {
  const recordInterest = useRecordDepositInterest();
  const today = todayIso();
  const { control, handleSubmit } = useForm<InterestValues, unknown, InterestOutput>({
    resolver: zodResolver(interestForm(today)),
    mode: 'onTouched',
    defaultValues: {
      currency: currencies[0] ?? 'USD',
      amount: '',
      from: `${today.slice(0, 7)}-01`,
      to: today,
      date: today,
      reference: '',
    },
  });
  const currency = useWatch({ control, name: 'currency' });
  const send = useConfirmedSend(
    (values: InterestOutput) =>
      recordInterest.mutateAsync({
        currency: values.currency,
        amount: values.amount,
        from: values.from,
        to: values.to,
        date: values.date,
        reference: values.reference || null,
      }),
    onClose,
    'The interest could not be recorded. Please try again.',
  );
  const dateProps = { type: 'date', required: true, slotProps: { inputLabel: { shrink: true } } } as const;

  return (
    <ConfirmedSendDialog
      open={open}
      title="Record deposit interest"
      intro="Interest on the deposit account belongs to the tenants: it is shared among the deposits held in the period, by balance and days held."
      send={send}
      onSubmit={(event) => void handleSubmit(send.ask)(event)}
      onClose={onClose}
      maxWidth="sm"
      confirm={{
        title: 'Record the interest?',
        message: send.pending && (
          <>
            {formatMoney(send.pending.amount, send.pending.currency)} received on {send.pending.date}, shared
            among the deposits held from {send.pending.from} to {send.pending.to}. This cannot be undone.
          </>
        ),
        label: 'Record',
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="currency" label="Currency" select required>
          {currencies.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="amount"
          label="Interest received"
          required
          {...moneyInputProps(currency)}
        />
        <FormTextField control={control} name="from" label="Period from" {...dateProps} />
        <FormTextField control={control} name="to" label="Period to" {...dateProps} />
        <FormTextField control={control} name="date" label="Received on" {...dateProps} />
        <FormTextField control={control} name="reference" label="Reference" />
      </Box>
    </ConfirmedSendDialog>
  );
}

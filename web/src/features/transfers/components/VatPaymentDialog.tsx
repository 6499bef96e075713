import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import { formatMajorUnits, formatMoney, IsoDate, MajorUnitsText, VatPaymentInput } from '@lintel/contracts';
import { FormDateField } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { todayIso } from '../../../lib/format.ts';
import { ConfirmedSendDialog, moneyInputProps, useConfirmedSend } from '../../accounts/index.ts';
import { useRecordVatPayment } from '../api.ts';

const vatForm = (owed: number, currency: string) =>
  z.object({
    amount: MajorUnitsText.pipe(VatPaymentInput.shape.amount).refine((cents) => cents <= owed, {
      message: `No more than the VAT owed, ${formatMoney(owed, currency)}`,
    }),
    date: IsoDate,
    reference: z.string().trim().max(100),
    period: z.string().trim().max(40),
  });
type VatValues = z.input<ReturnType<typeof vatForm>>;
type VatOutput = z.output<ReturnType<typeof vatForm>>;

/** "Record VAT paid": the business bank pays the tax authority; never more than is owed. */
export function VatPaymentDialog({
  open,
  currency,
  owed,
  onClose,
}: {
  open: boolean;
  currency: string;
  owed: number;
  onClose: () => void;
}) {
  const record = useRecordVatPayment();
  const { control, handleSubmit } = useForm<VatValues, unknown, VatOutput>({
    resolver: zodResolver(vatForm(owed, currency)),
    mode: 'onTouched',
    defaultValues: {
      amount: formatMajorUnits(Math.max(owed, 0)),
      date: todayIso(),
      reference: '',
      period: '',
    },
  });
  const send = useConfirmedSend(
    (values: VatOutput) =>
      record.mutateAsync({
        amount: values.amount,
        currency,
        date: values.date,
        ...(values.reference ? { reference: values.reference } : {}),
        ...(values.period ? { period: values.period } : {}),
      }),
    onClose,
    'The VAT payment could not be recorded. Please try again.',
  );
  return (
    <ConfirmedSendDialog
      open={open}
      title="Record VAT paid"
      intro={
        <>
          VAT paid to the tax authority out of the business bank account. {formatMoney(owed, currency)} is
          owed.
        </>
      }
      send={send}
      onSubmit={(event) => void handleSubmit(send.ask)(event)}
      onClose={onClose}
      confirm={{
        title: `Record ${send.pending ? formatMoney(send.pending.amount, currency) : ''} of VAT paid?`,
        message: send.pending && (
          <>
            {formatMoney(send.pending.amount, currency)} leaves the business bank account and the VAT owed
            goes down by as much.
          </>
        ),
        label: 'Record',
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
        <FormDateField control={control} name="date" label="Date paid" required />
        <FormTextField control={control} name="period" label="VAT period" placeholder="e.g. 2026-10" />
        <FormTextField control={control} name="reference" label="Reference" />
      </Box>
    </ConfirmedSendDialog>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import { ExpenseInput, formatMoney, IsoDate, MajorUnitsText, PaymentMethod } from '@lintel/contracts';
import { FormDateField } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { todayIso } from '../../../lib/format.ts';
import { useCreateExpense } from '../api.ts';
import { ConfirmedSendDialog } from './ConfirmedSendDialog.tsx';
import { moneyInputProps, paymentMethodItems } from './money-fields.tsx';
import { useConfirmedSend } from './use-confirmed-send.ts';

const ExpenseForm = z.object({
  supplier: ExpenseInput.shape.supplier,
  description: ExpenseInput.shape.description,
  amount: MajorUnitsText.pipe(ExpenseInput.shape.amount),
  method: PaymentMethod,
  reference: z.string().trim().max(200),
  expenseDate: IsoDate,
});
type ExpenseValues = z.input<typeof ExpenseForm>;
type ExpenseOutput = z.output<typeof ExpenseForm>;

export interface ExpenseDialogProps {
  open: boolean;
  propertyId: string;
  propertyName: string;
  currency: string;
  onClose: () => void;
}

/** Pays a supplier (a repair, a levy) out of a property's account, after a confirmation. */
export function ExpenseDialog({ open, propertyId, propertyName, currency, onClose }: ExpenseDialogProps) {
  const createExpense = useCreateExpense();
  const { control, handleSubmit } = useForm<ExpenseValues, unknown, ExpenseOutput>({
    resolver: zodResolver(ExpenseForm),
    mode: 'onTouched',
    defaultValues: {
      supplier: '',
      description: '',
      amount: '',
      method: 'bank_transfer',
      reference: '',
      expenseDate: todayIso(),
    },
  });
  const expense = useConfirmedSend(
    (values: ExpenseOutput) =>
      createExpense.mutateAsync({
        propertyId,
        supplier: values.supplier,
        description: values.description,
        amount: values.amount,
        currency,
        method: values.method,
        reference: values.reference || null,
        expenseDate: values.expenseDate,
      }),
    onClose,
    'The supplier could not be paid. Please try again.',
  );
  const full = { gridColumn: '1 / -1' };

  return (
    <ConfirmedSendDialog
      open={open}
      title="Pay supplier"
      intro={`The payment comes out of the account of ${propertyName}, in ${currency}.`}
      send={expense}
      onSubmit={(event) => void handleSubmit(expense.ask)(event)}
      onClose={onClose}
      maxWidth="sm"
      confirm={{
        title: `Pay ${expense.pending ? formatMoney(expense.pending.amount, currency) : ''} to ${expense.pending?.supplier ?? ''}?`,
        message: expense.pending && (
          <>
            {expense.pending.description}. The payment comes out of the account of {propertyName} and cannot
            be undone.
          </>
        ),
        label: 'Pay',
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="supplier" label="Supplier" required sx={full} />
        <FormTextField
          control={control}
          name="description"
          label="Description"
          required
          multiline
          minRows={2}
          sx={full}
        />
        <FormTextField
          control={control}
          name="amount"
          label="Amount"
          required
          {...moneyInputProps(currency)}
        />
        <FormDateField control={control} name="expenseDate" label="Date" required />
        <FormTextField control={control} name="method" label="Method" select>
          {paymentMethodItems()}
        </FormTextField>
        <FormTextField control={control} name="reference" label="Reference" />
      </Box>
    </ConfirmedSendDialog>
  );
}

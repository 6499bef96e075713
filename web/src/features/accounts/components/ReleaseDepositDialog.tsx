import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  DEPOSIT_RELEASE_EMPTY,
  DepositReleaseInput,
  formatMajorUnits,
  formatMoney,
  MajorUnitsText,
  parseMajorUnits,
  PaymentMethod,
  type Lease,
} from '@lintel/contracts';
import { FormDateField } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { todayIso } from '../../../lib/format.ts';
import { useReleaseDeposit } from '../api.ts';
import { ConfirmedSendDialog } from './ConfirmedSendDialog.tsx';
import { moneyInputProps, paymentMethodItems } from './money-fields.tsx';
import { useConfirmedSend } from './use-confirmed-send.ts';

export const depositTotalMessage = (held: number, currency: string) =>
  `Deductions and refund together cannot be more than the deposit held, ${formatMoney(held, currency)}`;
export const RELEASE_DATE_FUTURE = 'The release is dated the day it is settled: not a day still to come';

const deductionForm = z
  .object({
    to: z.enum(['owner', 'supplier']),
    supplier: z.string().trim().max(200),
    description: z.string().trim().min(1, 'Describe the deduction').max(1000),
    amount: MajorUnitsText.refine((cents) => cents > 0, 'Enter the amount deducted'),
  })
  .refine((value) => value.to === 'owner' || value.supplier.length > 0, {
    message: 'Name the supplier',
    path: ['supplier'],
  });

const releaseForm = (held: number, currency: string, today: string) =>
  z
    .object({
      releaseDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick the day it is settled')
        .refine((date) => date <= today, RELEASE_DATE_FUTURE),
      deductions: z.array(deductionForm),
      toTenant: MajorUnitsText,
      reason: DepositReleaseInput.shape.reason.unwrap(),
      method: PaymentMethod,
      reference: z.string().trim().max(200),
    })
    .refine((value) => totalOf(value) > 0, {
      message: DEPOSIT_RELEASE_EMPTY,
      path: ['toTenant'],
    })
    // Shown live beside the totals; the error here only stops the form being sent.
    .refine((value) => totalOf(value) <= held, {
      message: depositTotalMessage(held, currency),
      path: ['deductions'],
    });
type ReleaseValues = z.input<ReturnType<typeof releaseForm>>;
type ReleaseOutput = z.output<ReturnType<typeof releaseForm>>;

const totalOf = (value: { toTenant: number; deductions: { amount: number }[] }) =>
  value.toTenant + value.deductions.reduce((sum, line) => sum + line.amount, 0);

/** An amount typed so far, in cents (0 while it does not read as money yet). */
const centsOf = (text: string | undefined) => {
  const parsed = parseMajorUnits(text ?? '');
  return 'cents' in parsed ? parsed.cents : 0;
};

export interface ReleaseDepositDialogProps {
  open: boolean;
  lease: Lease;
  currency: string;
  held: number;
  onClose: () => void;
}

/**
 * Settles a deposit when the tenancy has ended: each deduction (to the owner's account, or paid
 * to a supplier) and the refund to the tenant is a line of one journal, dated the day it is
 * settled. The totals are checked against what is held as they are typed.
 */
export function ReleaseDepositDialog({ open, lease, currency, held, onClose }: ReleaseDepositDialogProps) {
  const releaseDeposit = useReleaseDeposit();
  const today = todayIso();
  const { control, handleSubmit } = useForm<ReleaseValues, unknown, ReleaseOutput>({
    resolver: zodResolver(releaseForm(held, currency, today)),
    mode: 'onChange',
    defaultValues: {
      releaseDate: today,
      deductions: [],
      toTenant: formatMajorUnits(held),
      reason: '',
      method: 'bank_transfer',
      reference: '',
    },
  });
  const deductions = useFieldArray({ control, name: 'deductions' });
  const typed = useWatch({ control });
  const deducted = (typed.deductions ?? []).reduce((sum, line) => sum + centsOf(line?.amount), 0);
  const refund = centsOf(typed.toTenant);
  const money = (amount: number) => formatMoney(amount, currency);

  const release = useConfirmedSend(
    (values: ReleaseOutput) =>
      releaseDeposit.mutateAsync({
        leaseId: lease._id,
        body: {
          currency,
          releaseDate: values.releaseDate,
          deductions: values.deductions.map((line) =>
            line.to === 'owner'
              ? { to: 'owner', amount: line.amount, description: line.description }
              : {
                  to: 'supplier',
                  supplier: line.supplier,
                  amount: line.amount,
                  description: line.description,
                  method: values.method,
                },
          ),
          toTenant: values.toTenant,
          reason: values.reason,
          method: values.method,
          reference: values.reference || null,
        },
      }),
    onClose,
    'The deposit could not be released. Please try again.',
  );

  return (
    <ConfirmedSendDialog
      open={open}
      title="Release deposit"
      intro={
        <>
          {money(held)} is held for {lease.tenantName}&apos;s tenancy of {lease.propertyName}.
        </>
      }
      send={release}
      onSubmit={(event) => void handleSubmit(release.ask)(event)}
      onClose={onClose}
      maxWidth="md"
      confirm={{
        title: 'Release the deposit?',
        message: release.pending && (
          <>
            {money(release.pending.deductions.reduce((sum, line) => sum + line.amount, 0))} deducted and{' '}
            {money(release.pending.toTenant)} refunded to {lease.tenantName}, on {release.pending.releaseDate}
            . This cannot be undone.
          </>
        ),
        label: 'Release',
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormDateField
          control={control}
          name="releaseDate"
          label="Settled on"
          required
          slotProps={{ htmlInput: { max: today } }}
        />
        <Box />
        <Stack spacing={2} sx={{ gridColumn: '1 / -1' }} component="fieldset" aria-label="Deductions">
          <Typography component="legend" variant="subtitle2">
            Deductions
          </Typography>
          {deductions.fields.length === 0 && (
            <Typography color="text.secondary">
              No deductions: the whole release goes to the tenant.
            </Typography>
          )}
          {deductions.fields.map((field, index) => {
            const toSupplier = typed.deductions?.[index]?.to === 'supplier';
            return (
              <Box
                key={field.id}
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr', sm: '9rem 1fr 1fr 9rem auto' },
                }}
              >
                <FormTextField control={control} name={`deductions.${index}.to`} label="To" select>
                  <MenuItem value="owner">The owner</MenuItem>
                  <MenuItem value="supplier">A supplier</MenuItem>
                </FormTextField>
                <FormTextField
                  control={control}
                  name={`deductions.${index}.supplier`}
                  label="Supplier"
                  disabled={!toSupplier}
                  required={toSupplier}
                />
                <FormTextField
                  control={control}
                  name={`deductions.${index}.description`}
                  label="Description"
                  required
                />
                <FormTextField
                  control={control}
                  name={`deductions.${index}.amount`}
                  label="Amount"
                  required
                  {...moneyInputProps(currency)}
                />
                <IconButton
                  aria-label={`Remove deduction ${index + 1}`}
                  onClick={() => deductions.remove(index)}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            );
          })}
          <Box>
            <Button
              variant="outlined"
              onClick={() => deductions.append({ to: 'owner', supplier: '', description: '', amount: '' })}
            >
              Add deduction
            </Button>
          </Box>
        </Stack>
        <FormTextField
          control={control}
          name="toTenant"
          label="Refund to the tenant"
          {...moneyInputProps(currency)}
        />
        <Stack aria-live="polite" sx={{ justifyContent: 'center' }}>
          <Typography>
            Deductions {money(deducted)} + refund {money(refund)} ={' '}
            <strong>{money(deducted + refund)}</strong>
          </Typography>
          <Typography color={deducted + refund > held ? 'error' : 'text.secondary'}>
            Left held: {money(held - deducted - refund)}
          </Typography>
          {deducted + refund > held && (
            <Typography color="error" role="alert">
              {depositTotalMessage(held, currency)}
            </Typography>
          )}
        </Stack>
        <FormTextField
          control={control}
          name="reason"
          label="Reason"
          required
          multiline
          minRows={2}
          sx={{ gridColumn: '1 / -1' }}
        />
        <FormTextField control={control} name="method" label="Method" select>
          {paymentMethodItems()}
        </FormTextField>
        <FormTextField control={control} name="reference" label="Reference" />
      </Box>
    </ConfirmedSendDialog>
  );
}

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import {
  DEPOSIT_RELEASE_EMPTY,
  DepositReleaseInput,
  formatMajorUnits,
  formatMoney,
  MajorUnitsText,
  PaymentMethod,
  type Lease,
} from '@lintel/contracts';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useReleaseDeposit } from '../api.ts';
import { ConfirmedSendDialog } from './ConfirmedSendDialog.tsx';
import { moneyInputProps, paymentMethodItems } from './money-fields.tsx';
import { useConfirmedSend } from './use-confirmed-send.ts';

export const depositLimitMessage = (held: number, currency: string) =>
  `No more than the deposit held, ${formatMoney(held, currency)}`;
export const depositTotalMessage = (held: number, currency: string) =>
  `Together the two amounts cannot be more than the deposit held, ${formatMoney(held, currency)}`;

/** Both amounts parsed: the checks across them can run while other fields are still empty. */
const amountsParsed = (payload: { value: unknown }) => {
  const value = payload.value as { toTenant?: unknown; toProperty?: unknown };
  return typeof value.toTenant === 'number' && typeof value.toProperty === 'number';
};

const releaseForm = (held: number, currency: string) =>
  z
    .object({
      toTenant: MajorUnitsText.refine((cents) => cents <= held, depositLimitMessage(held, currency)),
      toProperty: MajorUnitsText.refine((cents) => cents <= held, depositLimitMessage(held, currency)),
      reason: DepositReleaseInput.shape.reason,
      method: PaymentMethod,
      reference: z.string().trim().max(200),
    })
    .refine((value) => value.toTenant + value.toProperty > 0, {
      message: DEPOSIT_RELEASE_EMPTY,
      path: ['toTenant'],
      when: amountsParsed,
    })
    .refine((value) => value.toTenant + value.toProperty <= held, {
      message: depositTotalMessage(held, currency),
      path: ['toProperty'],
      when: amountsParsed,
    });
type ReleaseValues = z.input<ReturnType<typeof releaseForm>>;
type ReleaseOutput = z.output<ReturnType<typeof releaseForm>>;

export interface ReleaseDepositDialogProps {
  open: boolean;
  lease: Lease;
  currency: string;
  held: number;
  onClose: () => void;
}

/**
 * Releases a held deposit: some back to the tenant, some to the property for damages, in one
 * journal. The amounts are checked against what is held as they are typed.
 */
export function ReleaseDepositDialog({ open, lease, currency, held, onClose }: ReleaseDepositDialogProps) {
  const releaseDeposit = useReleaseDeposit();
  const { control, handleSubmit, subscribe, trigger } = useForm<ReleaseValues, unknown, ReleaseOutput>({
    resolver: zodResolver(releaseForm(held, currency)),
    mode: 'onChange',
    defaultValues: {
      toTenant: formatMajorUnits(held),
      toProperty: '',
      reason: '',
      method: 'bank_transfer',
      reference: '',
    },
  });
  // The two amounts limit each other: a change to one re-checks both.
  useEffect(
    () =>
      subscribe({
        name: ['toTenant', 'toProperty'],
        formState: { values: true },
        callback: () => void trigger(['toTenant', 'toProperty']),
      }),
    [subscribe, trigger],
  );
  const release = useConfirmedSend(
    (values: ReleaseOutput) =>
      releaseDeposit.mutateAsync({
        leaseId: lease._id,
        body: {
          toTenant: values.toTenant,
          toProperty: values.toProperty,
          currency,
          reason: values.reason,
          method: values.method,
          reference: values.reference || null,
        },
      }),
    onClose,
    'The deposit could not be released. Please try again.',
  );
  const money = (amount: number) => formatMoney(amount, currency);

  return (
    <ConfirmedSendDialog
      open={open}
      title="Release deposit"
      intro={
        <>
          {money(held)} is held for {lease.tenantName}&apos;s lease of {lease.propertyName}.
        </>
      }
      send={release}
      onSubmit={(event) => void handleSubmit(release.ask)(event)}
      onClose={onClose}
      maxWidth="sm"
      confirm={{
        title: 'Release the deposit?',
        message: release.pending && (
          <>
            {money(release.pending.toTenant)} goes back to {lease.tenantName} and{' '}
            {money(release.pending.toProperty)} to the account of {lease.propertyName}. This cannot be undone.
          </>
        ),
        label: 'Release',
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="toTenant"
          label="To the tenant"
          {...moneyInputProps(currency)}
        />
        <FormTextField
          control={control}
          name="toProperty"
          label="To the property for damages"
          {...moneyInputProps(currency)}
        />
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

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import DialogContentText from '@mui/material/DialogContentText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import {
  addDays,
  applyBasisPoints,
  formatMoney,
  IsoDate,
  LEASE_END_AFTER_START,
  parseMajorUnits,
  type Lease,
} from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { FormDateField } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { formatDay } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useRenewLease } from '../api.ts';

const ESCALATION_MESSAGE = 'Enter a percentage between 0 and 100, e.g. 5 or 2.5';

/** "2.5" (percent) → 250 basis points: two decimals of a percent are exactly basis points. */
const EscalationText = z.string().transform((text, ctx) => {
  const parsed = parseMajorUnits(text);
  if ('error' in parsed || parsed.cents > 10000) {
    ctx.addIssue({ code: 'custom', message: ESCALATION_MESSAGE });
    return z.NEVER;
  }
  return parsed.cents;
});

const renewFormFor = (startDate: string) =>
  z.object({
    endDate: IsoDate.refine((end) => end > startDate, LEASE_END_AFTER_START),
    escalation: EscalationText,
  });
type RenewValues = { endDate: string; escalation: string };
type RenewOutput = { endDate: string; escalation: number };

/** A draft renewal starting the day after this lease ends; it becomes active when this one ends. */
export function RenewLeaseDialog({
  open,
  lease,
  onClose,
  onRenewed,
}: {
  open: boolean;
  lease: Lease;
  onClose: () => void;
  onRenewed?: (renewal: Lease) => void;
}) {
  const startDate = addDays(lease.endDate, 1);
  const renew = useRenewLease();
  const [error, setError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<RenewValues, unknown, RenewOutput>({
    resolver: zodResolver(renewFormFor(startDate)),
    mode: 'onTouched',
    defaultValues: { endDate: addDays(startDate, 364), escalation: '0' },
  });
  const escalation = EscalationText.safeParse(useWatch({ control, name: 'escalation' }));
  const newRent = escalation.success ? applyBasisPoints(lease.rentAmount, escalation.data) : null;

  const handleRenew = async (values: RenewOutput) => {
    setError(null);
    try {
      const renewal = await renew.mutateAsync({
        id: lease._id,
        body: { endDate: values.endDate, escalationBp: values.escalation },
      });
      onRenewed?.(renewal);
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The renewal could not be created. Please try again.').message);
    }
  };

  return (
    <ActionDialog
      open={open}
      title="Renew lease"
      action={{ label: 'Create renewal', pending: isSubmitting }}
      busy={isSubmitting}
      error={error}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(handleRenew)(event)}
    >
      <Stack spacing={2}>
        <DialogContentText>
          The renewal starts on {formatDay(startDate)} and becomes active when the current lease ends.
        </DialogContentText>
        <FormDateField control={control} name="endDate" label="End date" required />
        <FormTextField
          control={control}
          name="escalation"
          label="Escalation %"
          helperText={
            newRent !== null ? `New rent: ${formatMoney(newRent, lease.currency)} a month` : undefined
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      </Stack>
    </ActionDialog>
  );
}

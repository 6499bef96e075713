import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { Payment } from '@lintel/contracts';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useAuth } from '../../../session/index.ts';
import { canRecordPayments } from '../api.ts';

/**
 * The dialog's code (its form and the lease search) comes on the first opening: the button sits on
 * the agent's and the accountant's homes, whose first load need not carry a form nobody opened.
 */
const RecordPaymentDialog = lazyPart(() => import('./RecordPaymentDialog.tsx'), 'RecordPaymentDialog');

/** "Record payment" with its dialog, for accountants and agents; nothing for other roles. */
export function RecordPaymentButton({
  variant = 'contained',
  onRecorded,
}: {
  variant?: ButtonProps['variant'];
  onRecorded?: (payment: Payment) => void;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  // A new dialog, and so a new idempotency key, for every opening.
  const [dialogKey, setDialogKey] = useState(0);
  if (!canRecordPayments(user?.role)) return null;
  return (
    <>
      <Button
        variant={variant}
        startIcon={<AddIcon />}
        onPointerEnter={RecordPaymentDialog.preload}
        onFocus={RecordPaymentDialog.preload}
        onClick={() => {
          setDialogKey((key) => key + 1);
          setOpen(true);
        }}
      >
        Record payment
      </Button>
      {dialogKey > 0 && (
        <RecordPaymentDialog
          key={dialogKey}
          open={open}
          onClose={() => setOpen(false)}
          onRecorded={onRecorded}
          onFailed={() => setOpen(false)}
        />
      )}
    </>
  );
}

import { TerminateLeaseInput, type Lease } from '@lintel/contracts';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { useTerminateLease } from '../api.ts';

const TerminateForm = TerminateLeaseInput.pick({ reason: true });

/** Ending a lease early cannot be undone: the dialog is its confirmation, with a reason. */
export function TerminateLeaseDialog({
  open,
  lease,
  onClose,
}: {
  open: boolean;
  lease: Lease;
  onClose: () => void;
}) {
  const terminate = useTerminateLease();
  return (
    <ReasonDialog
      open={open}
      title="Terminate lease"
      actionLabel="Terminate"
      message={
        <>
          The lease of {lease.propertyName} to {lease.tenantName} ends today. This cannot be undone.
          {lease.renewalId ? ' Its renewal becomes active.' : ''}
        </>
      }
      schema={TerminateForm}
      failureText="The lease could not be terminated. Please try again."
      onConfirm={(reason) => terminate.mutateAsync({ id: lease._id, body: { reason } })}
      onClose={onClose}
    />
  );
}

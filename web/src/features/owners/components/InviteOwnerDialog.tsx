import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OwnerSummary } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useInviteOwner } from '../api.ts';

/** The full sign-up link: the server's relative path when it sends one, else built from the code. */
export const signupLinkOf = (invitation: { code: string; signupPath?: string | undefined }) =>
  `${window.location.origin}${invitation.signupPath ?? `/signup?code=${encodeURIComponent(invitation.code)}`}`;

export interface InviteOwnerDialogProps {
  open: boolean;
  owner: OwnerSummary & { email: string };
  onClose: () => void;
  onExited?: () => void;
}

/** Issues a one-time sign-up link bound to the owner record, and shows it once to copy. */
export function InviteOwnerDialog({ open, owner, onClose, onExited }: InviteOwnerDialogProps) {
  const invite = useInviteOwner();
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const handleInvite = async () => {
    setError(null);
    try {
      const invitation = await invite.mutateAsync({ email: owner.email, ownerId: owner._id });
      setLink(signupLinkOf(invitation));
    } catch (failure) {
      setError(toApiError(failure, 'The invitation could not be created. Please try again.').message);
    }
  };

  const handleCopy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setError('The link could not be copied. Select it and copy it yourself.');
    }
  };

  if (link) {
    return (
      <ActionDialog
        open={open}
        title={`Invite ${owner.name}`}
        action={{ label: 'Copy link', onClick: () => void handleCopy() }}
        busy={false}
        onClose={onClose}
        onExited={onExited}
        error={error}
        maxWidth="sm"
      >
        <Stack spacing={2}>
          <DialogContentText>
            Send this link to {owner.name} ({owner.email}). Signing up with it lets them see their properties.
            It is valid for 7 days and works once.
          </DialogContentText>
          <TextField
            label="Sign-up link"
            value={link}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true }, input: { sx: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
          <Alert severity="warning">This link is shown only once</Alert>
          {copied && (
            <Alert severity="success" role="status">
              Link copied
            </Alert>
          )}
        </Stack>
      </ActionDialog>
    );
  }
  return (
    <ActionDialog
      open={open}
      title={`Invite ${owner.name}`}
      action={{ label: 'Create invitation', onClick: () => void handleInvite() }}
      busy={invite.isPending}
      onClose={onClose}
      onExited={onExited}
      error={error}
    >
      <DialogContentText>
        Create a sign-up link for {owner.email}, so {owner.name} can sign in and see their properties.
      </DialogContentText>
    </ActionDialog>
  );
}

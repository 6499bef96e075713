import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { z } from 'zod';
import { InvitationInput, ROLES, type Invitation, type Role } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { InfoDialog } from '../../../components/InfoDialog.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { useFormFailure } from '../../../components/use-form-failure.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePreferences } from '../../profile/index.ts';
import { useCreateInvitation } from '../api.ts';
import { ROLE_LABELS } from '../role-labels.ts';

interface InviteValues {
  email: string;
  role: Role;
}

/** A blank email is "anyone with the link"; the contract validates the rest. */
const InviteForm = z.preprocess(
  (values: InviteValues) => ({ ...values, email: values.email.trim() || undefined }),
  InvitationInput,
);

export interface InviteUserDialogProps {
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/** The full link to share: this site's origin plus the server's `/signup?code=…`. */
export const signupLink = (invitation: Pick<Invitation, 'signupPath'>) =>
  `${window.location.origin}${invitation.signupPath}`;

/**
 * Admin: email and role → a one-time code. The code is shown here once (the server keeps only
 * its hash), with the sign-up link to copy.
 */
export function InviteUserDialog({ open, onClose, onExited }: InviteUserDialogProps) {
  const createInvitation = useCreateInvitation();
  const [created, setCreated] = useState<Invitation | null>(null);
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(InviteForm),
    mode: 'onTouched',
    defaultValues: { email: '', role: 'agent' as Role },
  });
  const [failure, setFailure] = useFormFailure(watch);

  const handleCreate = handleSubmit(async (body) => {
    setFailure(null);
    try {
      setCreated(await createInvitation.mutateAsync(body));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The invitation could not be created.');
    }
  });

  if (created)
    return <InvitationCreated invitation={created} open={open} onClose={onClose} onExited={onExited} />;

  return (
    <ActionDialog
      open={open}
      title="Invite user"
      action={{ label: 'Create invitation' }}
      busy={formState.isSubmitting}
      error={failure}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleCreate(event)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
          autoFocus
          helperText="Optional. When given, only this email can use the invitation."
        />
        <FormTextField control={control} name="role" label="Role" select>
          {optionItems(ROLES, ROLE_LABELS)}
        </FormTextField>
      </Stack>
    </ActionDialog>
  );
}

function InvitationCreated({
  invitation,
  open,
  onClose,
  onExited,
}: {
  invitation: Invitation;
  open: boolean;
  onClose: () => void;
  onExited?: (() => void) | undefined;
}) {
  const linkId = useId();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const link = signupLink(invitation);
  const { preferences } = usePreferences();

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <InfoDialog
      open={open}
      title="Invitation created"
      closeLabel="Done"
      focusClose
      actions={
        <Button startIcon={<ContentCopyIcon />} onClick={() => void handleCopy()}>
          Copy link
        </Button>
      }
      onClose={onClose}
      onExited={onExited}
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        This link is shown only once. Copy it now and send it to{' '}
        {invitation.email ?? `the person joining as ${ROLE_LABELS[invitation.role].toLowerCase()}`}.
      </Alert>
      <DialogContentText sx={{ mb: 2 }}>
        It lets them sign up as {ROLE_LABELS[invitation.role].toLowerCase()} until{' '}
        {formatDate(invitation.expiresAt, preferences.dateFormat)}.
      </DialogContentText>
      <Stack spacing={2}>
        <TextField
          id={linkId}
          label="Sign-up link"
          value={link}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
          onFocus={(event) => event.target.select()}
        />
        <TextField
          label="Invitation code"
          value={invitation.code}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
          onFocus={(event) => event.target.select()}
        />
        {copied === 'copied' && (
          <Alert severity="success" role="status">
            Link copied
          </Alert>
        )}
        {copied === 'failed' && (
          <Alert severity="info" role="status">
            Copying is not allowed here: select the link and copy it yourself.
          </Alert>
        )}
      </Stack>
    </InfoDialog>
  );
}

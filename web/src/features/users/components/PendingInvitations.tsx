import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PendingInvitation } from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { usePreferences } from '../../profile/index.ts';
import { useInvitations, useRevokeInvitation } from '../api.ts';
import { ROLE_LABELS } from '../role-labels.ts';

const describe = (invitation: PendingInvitation) =>
  invitation.email ?? `Anyone with the link (${ROLE_LABELS[invitation.role].toLowerCase()})`;

/** Invitations not yet used, revoked or expired; each can be revoked (after a confirmation). */
export function PendingInvitations() {
  const { data, error, isPending, refetch } = useInvitations();
  const { preferences } = usePreferences();
  const revoke = useRevokeInvitation();
  const [target, setTarget] = useState<PendingInvitation | null>(null);
  const [open, setOpen] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const handleRevoke = async (invitation: PendingInvitation) => {
    setRevokeError(null);
    try {
      await revoke.mutateAsync(invitation);
      setOpen(false);
    } catch (failure) {
      setRevokeError(toApiError(failure, 'The invitation could not be revoked. Please try again.').message);
    }
  };

  const invitations = data ?? [];
  return (
    <Paper
      component="section"
      aria-labelledby="pending-invitations"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Box id="pending-invitations">
        <SectionTitle>Pending invitations</SectionTitle>
      </Box>
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {error.message}
        </Alert>
      )}
      {isPending && !error && (
        <Box role="status" aria-busy="true" aria-label="Loading invitations">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Box>
      )}
      {!isPending && !error && invitations.length === 0 && (
        <Typography color="text.secondary">No pending invitations.</Typography>
      )}
      {invitations.length > 0 && (
        <List disablePadding aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <ListItem
              key={invitation._id}
              divider
              disableGutters
              sx={{ flexWrap: 'wrap', gap: 1 }}
              secondaryAction={
                <Button
                  color="error"
                  aria-label={`Revoke invitation for ${describe(invitation)}`}
                  onClick={() => {
                    setTarget(invitation);
                    setRevokeError(null);
                    setOpen(true);
                  }}
                >
                  Revoke
                </Button>
              }
            >
              <ListItemText
                sx={{ pr: 10, minWidth: 0 }}
                primary={describe(invitation)}
                secondary={`${ROLE_LABELS[invitation.role]} · expires ${formatDate(invitation.expiresAt, preferences.dateFormat)}`}
                slotProps={{ primary: { noWrap: true } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {target && (
        <ConfirmDialog
          open={open}
          title="Revoke invitation?"
          message={
            <>
              The invitation for <strong>{describe(target)}</strong> will stop working at once. Anyone who has
              the link will no longer be able to sign up with it.
            </>
          }
          confirmLabel="Revoke"
          destructive
          busy={revoke.isPending}
          error={revokeError}
          onConfirm={() => void handleRevoke(target)}
          onClose={() => setOpen(false)}
          onExited={() => setTarget(null)}
        />
      )}
    </Paper>
  );
}

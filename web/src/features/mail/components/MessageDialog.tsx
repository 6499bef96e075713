import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MAIL_KIND_LABELS, type MailMessage, type MailMessageDetail } from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DetailList } from '../../../components/DetailList.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { InfoDialog } from '../../../components/InfoDialog.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { formatBytes } from '../../../components/TransferProgress.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMailMessage, useResendMail } from '../api.ts';
import { MailStateChip } from './MailStateChip.tsx';
import { showSuccess } from '../../../components/SnackbarHost.tsx';

const PARTS = { html: 'Email', text: 'Plain text' } as const;
type Part = keyof typeof PARTS;

const moment = (iso: string | null) => iso && <time dateTime={iso}>{formatDateTime(iso)}</time>;

/** Both parts as the recipient gets them, and what came with them. */
function MessageBody({ message }: { message: MailMessageDetail }) {
  const id = useId();
  const [part, setPart] = useState<Part>('html');
  return (
    <>
      <Tabs value={part} onChange={(_event, value: Part) => setPart(value)} aria-label="Message parts">
        {(Object.keys(PARTS) as Part[]).map((name) => (
          <Tab
            key={name}
            value={name}
            label={PARTS[name]}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${part}`} aria-labelledby={`${id}-tab-${part}`} sx={{ mt: 2 }}>
        {part === 'html' ? (
          // sandbox="": the email's HTML runs no script, submits no form and cannot reach this
          // page or its session; it is shown, nothing more.
          <Box
            component="iframe"
            sandbox=""
            srcDoc={message.html}
            title="Email preview"
            sx={{
              display: 'block',
              width: '100%',
              height: { xs: '60vh', sm: 480 },
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          />
        ) : (
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 2,
              maxHeight: { xs: '60vh', sm: 480 },
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontSize: 14,
              bgcolor: 'background.default',
              borderRadius: 1,
            }}
          >
            {message.text}
          </Box>
        )}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        Attachments
      </Typography>
      {message.attachments.length === 0 ? (
        <Typography color="text.secondary">None</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {message.attachments.map((attachment) => (
            <li key={attachment.filename}>
              {attachment.filename}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({attachment.contentType}, {formatBytes(attachment.bytes)})
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </>
  );
}

/** One outgoing message: where it is in its delivery, what it says, and a way to send it again. */
export function MessageDialog({
  message,
  open,
  onClose,
  onExited,
}: {
  /** The list's row: shown at once while the message's parts load. */
  message: MailMessage;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}) {
  const detail = useMailMessage(message._id);
  const resend = useResendMail();
  const confirm = useDialogState<'resend'>();
  const shown = detail.data ?? message;

  const handleResend = () =>
    confirm.confirmWith(async () => {
      await resend.mutateAsync(message);
      showSuccess('Queued again');
    }, 'The message could not be queued again. Please try again.');

  return (
    <InfoDialog
      open={open}
      title={shown.subject}
      maxWidth="md"
      dividers
      wrapActions
      onClose={onClose}
      onExited={onExited}
      actions={
        <Button variant="outlined" onClick={() => confirm.openDialog('resend')}>
          Resend
        </Button>
      }
    >
      <DetailList
        items={[
          { label: 'To', value: shown.to },
          { label: 'Subject', value: shown.subject },
          { label: 'Kind', value: MAIL_KIND_LABELS[shown.kind] },
          { label: 'State', value: <MailStateChip state={shown.state} /> },
          { label: 'Attempts', value: shown.attempts },
          { label: 'Created', value: moment(shown.createdAt) },
          { label: 'Sent', value: moment(shown.sentAt) },
          ...(shown.nextAttemptAt ? [{ label: 'Next attempt', value: moment(shown.nextAttemptAt) }] : []),
          { label: 'Last error', value: shown.lastError },
          { label: 'Server reply', value: shown.serverReply },
          { label: 'Message-ID', value: shown.messageId },
        ]}
      />
      <Divider sx={{ my: 2 }} />
      {detail.data ? (
        <MessageBody message={detail.data} />
      ) : detail.error ? (
        <ErrorAlert message={detail.error.message} />
      ) : (
        <PageSpinner label="Loading the message" />
      )}

      {confirm.dialog === 'resend' && (
        <ConfirmDialog
          open={confirm.dialogOpen}
          title="Send this message again?"
          message={
            <>
              It is queued for <strong>{shown.to}</strong> again, with the same Message-ID, and its attempts
              start from zero.
            </>
          }
          confirmLabel="Resend"
          busy={resend.isPending}
          error={confirm.dialogError}
          onConfirm={() => void handleResend()}
          onClose={confirm.closeDialog}
          onExited={confirm.forgetDialog}
        />
      )}
    </InfoDialog>
  );
}

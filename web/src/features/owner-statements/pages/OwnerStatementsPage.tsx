import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  formatMoney,
  type OwnerStatementRun,
  type OwnerStatementRunLine,
  type OwnerStatementSendResult,
} from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { ScrollingTable } from '../../../components/ScrollingTable.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { counted, firstOfMonth, formatDateTime, formatMonth } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import { MailStateChip } from '../../mail/index.ts';
import {
  canReadStatementRuns,
  canSendStatements,
  useSendOwnerStatement,
  useSendStatements,
  useStatementRun,
} from '../api.ts';
import { showSuccess } from '../../../components/SnackbarHost.tsx';

const TITLE = 'Owner statements';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The last month that has ended: the latest a run can be for. */
const lastMonth = () => firstOfMonth(1).slice(0, 7);

/** What a run did, in one sentence for the snackbar. */
function describeResult(result: OwnerStatementSendResult): string {
  const parts = [`${counted(result.queued, 'statement', 'statements')} queued`];
  if (result.alreadySent) parts.push(`${result.alreadySent} already emailed this month`);
  if (result.noEmail) parts.push(`${result.noEmail} with no email on file`);
  if (result.optedOut) parts.push(`${result.optedOut} opted out`);
  return `${parts.join(', ')}.`;
}

/** /accountant-dashboard/owner-statements: each month's statement emails to owners (issue 19). */
export function OwnerStatementsPage() {
  const { user } = useAuth();
  if (!canReadStatementRuns(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">Owner statements are sent by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <StatementRunView canSend={canSendStatements(user?.role)} />;
}

function StatementRunView({ canSend }: { canSend: boolean }) {
  const [month, setMonth] = useState(lastMonth);
  const valid = MONTH.test(month) && month <= lastMonth();
  const run = useStatementRun(month, valid);
  const send = useSendStatements();
  const sendOne = useSendOwnerStatement();
  const confirm = useDialogState<{ all: true } | { owner: OwnerStatementRunLine }>();
  const data = run.data?.month === month ? run.data : undefined;
  const sendable = data?.owners.filter((line) => !line.hold && !line.mail) ?? [];

  const handleConfirm = () => {
    const target = confirm.dialog;
    if (!target) return;
    void confirm.confirmWith(async () => {
      if ('all' in target) {
        showSuccess(describeResult(await send.mutateAsync(month)));
      } else {
        await sendOne.mutateAsync({ ownerId: target.owner.ownerId, month });
        showSuccess(`${target.owner.name}'s statement is queued again.`);
      }
    }, 'The statements could not be sent. Please try again.');
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        title={TITLE}
        subtitle="Each month every owner with properties is emailed last month's statement as a PDF."
        actions={
          canSend && (
            <Button
              variant="contained"
              disabled={!data || data.owners.length === 0}
              onClick={() => confirm.openDialog({ all: true })}
            >
              Send statements
            </Button>
          )
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label="Month"
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            error={!valid}
            helperText={valid ? 'The month the statements cover' : 'Choose a month that has ended'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: lastMonth() } }}
            sx={{ width: { xs: '100%', sm: 220 } }}
          />
          {data && <RunStatus run={data} />}
        </Stack>
      </Paper>

      {run.error ? (
        <ErrorAlert message={run.error.message} />
      ) : !valid ? null : !data ? (
        <PageSpinner label="Loading the statements" />
      ) : data.owners.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p" gutterBottom>
            No owners with properties
          </Typography>
          <Typography color="text.secondary">Statements go to owners once they have a property.</Typography>
        </Paper>
      ) : (
        <RunList run={data} canSend={canSend} onSendAgain={(owner) => confirm.openDialog({ owner })} />
      )}

      {confirm.dialog && (
        <ConfirmDialog
          open={confirm.dialogOpen}
          title={
            'all' in confirm.dialog
              ? `Send the statements for ${formatMonth(month)}?`
              : 'Send this statement again?'
          }
          message={
            'all' in confirm.dialog ? (
              <>
                {counted(sendable.length, 'owner is', 'owners are')} emailed their statement PDF. Owners
                already emailed for this month are not emailed twice.
              </>
            ) : (
              <>
                <strong>{confirm.dialog.owner.name}</strong> is emailed their statement for{' '}
                {formatMonth(month)} again, made afresh, at {confirm.dialog.owner.email}.
              </>
            )
          }
          confirmLabel="Send"
          busy={send.isPending || sendOne.isPending}
          error={confirm.dialogError}
          onConfirm={handleConfirm}
          onClose={confirm.closeDialog}
          onExited={confirm.forgetDialog}
        />
      )}
    </Stack>
  );
}

function RunStatus({ run }: { run: OwnerStatementRun }) {
  return (
    <Typography color="text.secondary" role="status">
      {run.sent
        ? `The statements for ${formatMonth(run.month)} have gone out.`
        : `Not sent yet. They go out on their own on day ${run.statementDay} of the next month.`}
    </Typography>
  );
}

const HOLD_LABELS = { 'no-email': 'No email on file', 'opted-out': 'Opted out' } as const;

function EmailState({ line }: { line: OwnerStatementRunLine }) {
  if (line.mail) {
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <MailStateChip state={line.mail.state} />
        <Typography variant="caption" color="text.secondary">
          <time dateTime={line.mail.sentAt ?? line.mail.createdAt}>
            {formatDateTime(line.mail.sentAt ?? line.mail.createdAt)}
          </time>
        </Typography>
      </Stack>
    );
  }
  if (line.hold) return <Chip size="small" variant="outlined" label={HOLD_LABELS[line.hold]} />;
  return (
    <Typography variant="body2" color="text.secondary">
      Not sent
    </Typography>
  );
}

interface RunProps {
  run: OwnerStatementRun;
  canSend: boolean;
  onSendAgain: (owner: OwnerStatementRunLine) => void;
}

/** A table on a wide screen; on a phone, one card an owner, so nothing hides off to the side. */
function RunList(props: RunProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  return compact ? <RunCards {...props} /> : <RunTable {...props} />;
}

function SendAgainButton({
  line,
  onSendAgain,
}: {
  line: OwnerStatementRunLine;
  onSendAgain: RunProps['onSendAgain'];
}) {
  if (!line.mail || line.hold) return null;
  return (
    <Button size="small" onClick={() => onSendAgain(line)} aria-label={`Send again to ${line.name}`}>
      Send again
    </Button>
  );
}

function RunCards({ run, canSend, onSendAgain }: RunProps) {
  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label={`Owner statements for ${formatMonth(run.month)}`}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
    >
      {run.owners.map((line) => (
        <Paper component="li" variant="outlined" key={line.ownerId} sx={{ p: 2 }}>
          <Typography sx={{ fontWeight: 500 }}>{line.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {line.email ?? 'No email on file'}
          </Typography>
          {line.statements.map((statement) => (
            <Typography variant="body2" key={statement.currency}>
              Closing balance {formatMoney(statement.closingBalance, statement.currency)}
            </Typography>
          ))}
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between' }}
          >
            <EmailState line={line} />
            {canSend && <SendAgainButton line={line} onSendAgain={onSendAgain} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function RunTable({ run, canSend, onSendAgain }: RunProps) {
  const label = `Owner statements for ${formatMonth(run.month)}`;
  return (
    <ScrollingTable label={label}>
      <Table size="small" aria-label={label} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>Owner</TableCell>
            <TableCell align="right">Money in</TableCell>
            <TableCell align="right">Money out</TableCell>
            <TableCell align="right">Closing balance</TableCell>
            <TableCell>Email</TableCell>
            {canSend && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {run.owners.map((line) => (
            <TableRow key={line.ownerId}>
              <TableCell>
                <Typography variant="body2">{line.name}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {line.email ?? 'No email on file'}
                </Typography>
              </TableCell>
              {(['moneyIn', 'moneyOut', 'closingBalance'] as const).map((figure) => (
                <TableCell key={figure} align="right">
                  {line.statements.map((statement) => (
                    <div key={statement.currency}>{formatMoney(statement[figure], statement.currency)}</div>
                  ))}
                </TableCell>
              ))}
              <TableCell>
                <EmailState line={line} />
              </TableCell>
              {canSend && (
                <TableCell align="right">
                  {line.mail && !line.hold && (
                    <Button
                      size="small"
                      onClick={() => onSendAgain(line)}
                      aria-label={`Send again to ${line.name}`}
                    >
                      Send again
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollingTable>
  );
}

import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
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
  type BankAccountView,
  type BankLineView,
  type LedgerEntry,
  type Lease,
} from '@lintel/contracts';
import { SearchField } from '../../../components/SearchField.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { formatDay } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { SearchPicker } from '../../properties/index.ts';
import {
  leaseOptionsIn,
  useBankCharge,
  useMatch,
  useParkInSuspense,
  usePayoutOptions,
  useReceiptFromLine,
  useReturnedPayout,
  useSuggestions,
  useUnmatchedEntries,
} from '../api.ts';
import { RULE_LABELS } from '../labels.ts';

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

type OtherAction = 'receipt' | 'suspense' | 'returned' | 'charge';

const leaseOption = (lease: Lease) => ({
  _id: lease._id,
  label: `${lease.propertyName} — ${lease.tenantName}`,
  detail: `Rent ${formatMoney(lease.rentAmount, lease.currency)}`,
  lease,
});

/** One unmatched statement line: its suggestions, a manual pick of entries, or what else it is. */
export function MatchDialog({
  account,
  line,
  onClose,
}: {
  account: BankAccountView;
  line: BankLineView;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const money = (amount: number) => formatMoney(amount, account.currency);
  const isCredit = line.amount > 0;
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const suggestions = useSuggestions(line._id);
  const match = useMatch();
  const receipt = useReceiptFromLine();
  const suspense = useParkInSuspense();
  const charge = useBankCharge();
  const returned = useReturnedPayout();
  const busy = [match, receipt, suspense, charge, returned].some((mutation) => mutation.isPending);

  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    setError(null);
    try {
      await action();
      setDone(success);
    } catch (caught) {
      setError(toApiError(caught, failure).message);
    }
  };

  const matchEntries = (entries: LedgerEntry[]) =>
    void run(
      () => match.mutateAsync({ lineIds: [line._id], entrySeqs: entries.map((entry) => entry.seq) }),
      'The line is matched.',
      'The line could not be matched. Please try again.',
    );

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Match a statement line</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {formatDay(line.date)} · {money(Math.abs(line.amount))} {isCredit ? 'in' : 'out'}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[line.description, line.reference, line.counterparty].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        {done ? (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        ) : (
          <Stack spacing={3}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <Box component="section" aria-label="Suggestions">
              <SectionTitle>Suggestions</SectionTitle>
              {suggestions.isPending ? (
                <Typography color="text.secondary">Looking for matching entries…</Typography>
              ) : suggestions.error ? (
                <Alert severity="error">{suggestions.error.message}</Alert>
              ) : suggestions.data.length === 0 ? (
                <Typography color="text.secondary">
                  No ledger entry fits this line. Pick entries below, or record what it is.
                </Typography>
              ) : (
                <List dense disablePadding>
                  {suggestions.data.map((suggestion) => (
                    <ListItem
                      key={suggestion.entries.map((entry) => entry.seq).join('-')}
                      divider
                      sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
                    >
                      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {RULE_LABELS[suggestion.rule]} · {suggestion.confidence}% confident
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {suggestion.reason}
                        </Typography>
                        {suggestion.entries.map((entry) => (
                          <Typography key={entry.seq} variant="body2">
                            {formatDay(entry.date)} · {entry.description}
                            {entry.reference ? ` · ${entry.reference}` : ''} · {money(entry.amount)}
                          </Typography>
                        ))}
                      </Box>
                      <Button
                        variant="outlined"
                        size="small"
                        disabled={busy}
                        onClick={() => matchEntries(suggestion.entries)}
                        aria-label={`Match with ${suggestion.entries.map((entry) => entry.reference ?? entry.description).join(', ')}`}
                      >
                        Match
                      </Button>
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
            <ManualPicker account={account} line={line} busy={busy} onMatch={matchEntries} />
            <OtherActions
              account={account}
              line={line}
              busy={busy}
              onReceipt={(leaseId, type) =>
                void run(
                  () => receipt.mutateAsync({ lineId: line._id, leaseId, type }),
                  'Recorded as a payment and matched to the line.',
                  'The payment could not be recorded. Please try again.',
                )
              }
              onSuspense={(note) =>
                void run(
                  () => suspense.mutateAsync({ lineId: line._id, note }),
                  'Parked in trust suspense until someone identifies it.',
                  'The line could not be parked in suspense. Please try again.',
                )
              }
              onReturned={(payoutId) =>
                void run(
                  () => returned.mutateAsync({ lineId: line._id, payoutId }),
                  'The payout is reversed and matched to the line.',
                  'The payout could not be reversed. Please try again.',
                )
              }
              onCharge={(description) =>
                void run(
                  () => charge.mutateAsync({ lineId: line._id, description }),
                  'Posted as bank charges and matched to the line.',
                  'The bank charges could not be posted. Please try again.',
                )
              }
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Unmatched entries to pick by hand: the picked sum must equal the line's amount. */
function ManualPicker({
  account,
  line,
  busy,
  onMatch,
}: {
  account: BankAccountView;
  line: BankLineView;
  busy: boolean;
  onMatch: (entries: LedgerEntry[]) => void;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const entries = useUnmatchedEntries(account._id, { page: 1, pageSize: 100, ...(q ? { q } : {}) });
  const [picked, setPicked] = useState<Map<number, LedgerEntry>>(new Map());
  const sum = [...picked.values()].reduce((total, entry) => total + entry.amount, 0);
  const difference = line.amount - sum;
  const money = (amount: number) => formatMoney(amount, account.currency);
  const toggle = (entry: LedgerEntry) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(entry.seq)) next.delete(entry.seq);
      else next.set(entry.seq, entry);
      return next;
    });
  return (
    <Box component="section" aria-label="Pick entries">
      <SectionTitle>Pick ledger entries</SectionTitle>
      <SearchField
        label="Search entries"
        value={search}
        onChange={setSearch}
        placeholder="Reference or description"
      />
      {entries.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {entries.error.message}
        </Alert>
      ) : (
        <Box sx={{ overflowX: 'auto', mt: 1, maxHeight: 320 }}>
          <Table size="small" aria-label="Unmatched ledger entries" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    Pick
                  </Box>
                </TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(entries.data?.data ?? []).map((entry) => (
                <TableRow key={entry.seq} hover selected={picked.has(entry.seq)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={picked.has(entry.seq)}
                      onChange={() => toggle(entry)}
                      slotProps={{
                        input: {
                          'aria-label': `Pick ${formatDay(entry.date)} ${entry.reference ?? entry.description} ${money(entry.amount)}`,
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(entry.date)}</TableCell>
                  <TableCell>
                    {entry.description}
                    {entry.reference ? ` · ${entry.reference}` : ''}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(entry.amount)}
                  </TableCell>
                </TableRow>
              ))}
              {entries.data?.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Typography color="text.secondary">
                      No unmatched entries{q ? ' match the search' : ''}.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 1.5 }}>
        <Typography
          role="status"
          aria-live="polite"
          color={picked.size > 0 && difference === 0 ? 'success.main' : 'text.primary'}
        >
          {picked.size === 0
            ? 'Pick the entries this line pays.'
            : difference === 0
              ? `Picked ${money(sum)}: no difference.`
              : `Picked ${money(sum)}: difference ${money(difference)}.`}
        </Typography>
        <Button
          variant="contained"
          disabled={busy || picked.size === 0 || difference !== 0}
          onClick={() => onMatch([...picked.values()])}
        >
          Match picked entries
        </Button>
      </Box>
    </Box>
  );
}

function OtherActions({
  account,
  line,
  busy,
  onReceipt,
  onSuspense,
  onReturned,
  onCharge,
}: {
  account: BankAccountView;
  line: BankLineView;
  busy: boolean;
  onReceipt: (leaseId: string, type: 'rent' | 'deposit') => void;
  onSuspense: (note: string) => void;
  onReturned: (payoutId: string) => void;
  onCharge: (description: string) => void;
}) {
  const isCredit = line.amount > 0;
  const isTrust = account.book === 'trust';
  const [action, setAction] = useState<OtherAction | null>(null);
  const [lease, setLease] = useState<Lease | null>(null);
  const [type, setType] = useState<'rent' | 'deposit'>('rent');
  const [note, setNote] = useState('');
  const [payoutId, setPayoutId] = useState('');
  const [description, setDescription] = useState('Bank charges');
  const payouts = usePayoutOptions(action === 'returned');
  const payoutOptions = (payouts.data ?? []).filter((payout) => payout.currency === account.currency);
  const choices: { key: OtherAction; label: string }[] = isCredit
    ? [
        ...(isTrust ? [{ key: 'receipt' as const, label: 'Record as payment' }] : []),
        ...(isTrust ? [{ key: 'suspense' as const, label: 'Park in suspense' }] : []),
        { key: 'returned', label: 'Payout returned by the bank' },
      ]
    : [{ key: 'charge', label: 'Post as bank charges' }];
  return (
    <Box component="section" aria-label="Not in the books">
      <SectionTitle>Not in the books?</SectionTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {choices.map((choice) => (
          <Button
            key={choice.key}
            variant={action === choice.key ? 'contained' : 'outlined'}
            aria-pressed={action === choice.key}
            onClick={() => setAction(choice.key)}
            disabled={busy}
          >
            {choice.label}
          </Button>
        ))}
      </Box>
      {action === 'receipt' && (
        <ActionForm
          columns="2fr 1fr auto"
          action="Record payment"
          disabled={busy || !lease}
          onSubmit={() => lease && onReceipt(lease._id, type)}
        >
          <SearchPicker
            label="Lease"
            required
            value={lease ? leaseOption(lease) : null}
            onChange={(option) => setLease(option?.lease ?? null)}
            helperText={`Active ${account.currency} leases; search by property or tenant${line.counterparty ? ` (paid by ${line.counterparty})` : ''}`}
            useOptions={leaseOptionsIn(account.currency)}
            toOption={leaseOption}
            noOptions={{ searched: 'No active leases match', none: `No active ${account.currency} leases` }}
          />
          <TextField
            select
            label="Type"
            value={type}
            onChange={(event) => setType(event.target.value as 'rent' | 'deposit')}
          >
            <MenuItem value="rent">Rent</MenuItem>
            <MenuItem value="deposit">Deposit</MenuItem>
          </TextField>
        </ActionForm>
      )}
      {action === 'suspense' && (
        <ActionForm
          action="Park in suspense"
          disabled={busy || !note.trim()}
          onSubmit={() => onSuspense(note.trim())}
        >
          <TextField
            label="Note"
            required
            value={note}
            onChange={(event) => setNote(event.target.value)}
            helperText="What is known about this money"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </ActionForm>
      )}
      {action === 'returned' && (
        <ActionForm
          action="Reverse the payout"
          disabled={busy || !payoutId}
          onSubmit={() => onReturned(payoutId)}
        >
          <TextField
            select
            label="Payout"
            required
            value={payoutId}
            onChange={(event) => setPayoutId(event.target.value)}
            helperText={payouts.isPending ? 'Loading payouts…' : `${account.currency} payouts, newest first`}
          >
            {payoutOptions.map((payout) => (
              <MenuItem key={payout._id} value={payout._id}>
                {formatDay(payout.payoutDate)} · {payout.accountName} ·{' '}
                {formatMoney(payout.amount, payout.currency)}
                {payout.reference ? ` · ${payout.reference}` : ''}
              </MenuItem>
            ))}
          </TextField>
        </ActionForm>
      )}
      {action === 'charge' && (
        <ActionForm
          action="Post bank charges"
          disabled={busy || !description.trim()}
          onSubmit={() => onCharge(description.trim())}
        >
          <TextField
            label="Description"
            required
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            helperText={isTrust ? "The agency's cost, not the clients'" : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </ActionForm>
      )}
    </Box>
  );
}

/** One way of accounting for a line: its fields, then the button that does it. */
function ActionForm({
  columns = '1fr auto',
  action,
  disabled,
  onSubmit,
  children,
}: {
  columns?: string;
  action: string;
  disabled: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mt: 2,
        gridTemplateColumns: { xs: '1fr', sm: columns },
        alignItems: 'start',
      }}
    >
      {children}
      <Button variant="contained" disabled={disabled} onClick={onSubmit} sx={{ mt: 1 }}>
        {action}
      </Button>
    </Box>
  );
}

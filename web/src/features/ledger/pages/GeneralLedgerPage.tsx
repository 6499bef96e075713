import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import { DataGrid } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  BOOKS,
  JOURNAL_SOURCES,
  formatMoney,
  type Book,
  type ChartAccount,
  type Journal,
  type JournalLine,
  type JournalSource,
} from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { useDownload } from '../../../components/use-download.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { firstOfMonth, type Period, periodError, todayIso } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { CurrencyField, PeriodFields, useEnabledCurrencies, useTrialBalance } from '../../accounts/index.ts';
import { canReadLedger, downloadLedger, useChartOfAccounts, useJournal, useJournals } from '../api.ts';
import { useLedgerPaths } from '../paths.ts';
import { ScrollingTable } from '../../../components/ScrollingTable.tsx';

const TITLE = 'General ledger';
const TABS = ['journals', 'accounts', 'trial-balance', 'export'] as const;
type TabName = (typeof TABS)[number];
const TAB_LABELS: Record<TabName, string> = {
  journals: 'Journals',
  accounts: 'Chart of accounts',
  'trial-balance': 'Trial balance',
  export: 'Export',
};
export const BOOK_LABELS: Record<Book, string> = { trust: 'Trust', business: 'Business' };
const SOURCE_LABELS: Record<JournalSource, string> = {
  payment: 'Payment',
  payout: 'Payout',
  expense: 'Expense',
  transfer: 'Transfer',
  invoice: 'Invoice',
  deposit: 'Deposit',
  reversal: 'Reversal',
  levy: 'Levy',
  opening: 'Opening balance',
  other: 'Other',
};

/** Debit-positive cents as debit and credit columns. */
const debit = (line: { amount: number; currency: string }) =>
  line.amount > 0 ? formatMoney(line.amount, line.currency) : '';
const credit = (line: { amount: number; currency: string }) =>
  line.amount < 0 ? formatMoney(-line.amount, line.currency) : '';

/**
 * /accountant-dashboard/ledger (admins read it at /admin-dashboard/ledger): both books' journals,
 * the chart of accounts with a statement for every account, the trial balance, and the export.
 */
export function GeneralLedgerPage() {
  const { user } = useAuth();
  const [tab, setTab] = useState<TabName>('journals');
  if (!canReadLedger(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">The general ledger is kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <PageHeader title={TITLE} subtitle="The trust and business books: journals, accounts, trial balance" />
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="General ledger views"
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={TAB_LABELS[name]}
            id={`ledger-tab-${name}`}
            aria-controls={`ledger-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`ledger-panel-${tab}`} aria-labelledby={`ledger-tab-${tab}`}>
        {tab === 'journals' && <JournalsTab />}
        {tab === 'accounts' && <ChartTab />}
        {tab === 'trial-balance' && <TrialBalanceTab />}
        {tab === 'export' && <ExportTab />}
      </Box>
    </Stack>
  );
}

function useCurrencies() {
  const enabled = useEnabledCurrencies();
  return {
    currencies: enabled.data?.currencies ?? [],
    defaultCurrency: enabled.data?.defaultCurrency ?? '',
    error: enabled.error,
  };
}

function BookField({ value, onChange }: { value: Book | ''; onChange: (book: Book | '') => void }) {
  return (
    <TextField
      select
      size="small"
      label="Book"
      value={value}
      onChange={(event) => onChange(event.target.value as Book | '')}
      sx={{ minWidth: 140 }}
    >
      <MenuItem value="">Both books</MenuItem>
      {BOOKS.map((book) => (
        <MenuItem key={book} value={book}>
          {BOOK_LABELS[book]}
        </MenuItem>
      ))}
    </TextField>
  );
}

type JournalRow = Journal;

function JournalsTab() {
  const { currencies } = useCurrencies();
  const [book, setBook] = useState<Book | ''>('');
  const [source, setSource] = useState<JournalSource | ''>('');
  const [currency, setCurrency] = useState('');
  const [account, setAccount] = useState('');
  const [period, setPeriod] = useState<Period>(() => ({ from: firstOfMonth(11), to: todayIso() }));
  const [openId, setOpenId] = useState<string | null>(null);
  const isValid = periodError(period) === null;
  const filters = {
    ...(book ? { book } : {}),
    ...(source ? { source } : {}),
    ...(currency ? { currency } : {}),
    ...(account.trim() ? { account: account.trim() } : {}),
    ...period,
  };
  const paging = useGridQueryState({ filters: [JSON.stringify(filters)] });
  const journals = useJournals(
    { ...filters, page: paging.query.page, pageSize: paging.query.pageSize },
    isValid,
  );
  const columns = useMemo<GridColDef<JournalRow>[]>(
    () => [
      { field: 'entryDate', headerName: 'Date', width: 110, sortable: false },
      {
        field: 'book',
        headerName: 'Book',
        width: 100,
        sortable: false,
        valueFormatter: (value: Book) => BOOK_LABELS[value],
      },
      {
        field: 'source',
        headerName: 'Source',
        width: 130,
        sortable: false,
        valueFormatter: (value: JournalSource) => SOURCE_LABELS[value],
      },
      { field: 'description', headerName: 'Description', flex: 1, minWidth: 200, sortable: false },
      { field: 'reference', headerName: 'Reference', width: 130, sortable: false },
      {
        field: 'lines',
        headerName: 'Amount',
        width: 150,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_value, row) => {
          const first = row.lines.find((line) => line.amount > 0);
          const total = row.lines
            .filter((line) => line.amount > 0 && line.currency === first?.currency)
            .reduce((sum, line) => sum + line.amount, 0);
          return first ? formatMoney(total, first.currency) : '';
        },
      },
    ],
    [],
  );
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <BookField value={book} onChange={setBook} />
        <TextField
          select
          size="small"
          label="Source"
          value={source}
          onChange={(event) => setSource(event.target.value as JournalSource | '')}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Every source</MenuItem>
          {JOURNAL_SOURCES.map((each) => (
            <MenuItem key={each} value={each}>
              {SOURCE_LABELS[each]}
            </MenuItem>
          ))}
        </TextField>
        <CurrencyField
          value={currency}
          currencies={currencies}
          onChange={setCurrency}
          allLabel="Every currency"
        />
        <PeriodFields value={period} onChange={setPeriod} />
        <TextField
          size="small"
          label="Account"
          placeholder="e.g. trust:bank"
          value={account}
          onChange={(event) => setAccount(event.target.value)}
        />
      </Box>
      <ServerDataGrid
        aria-label="Journals"
        list={journals}
        columns={columns}
        state={paging.grid}
        isQueried={isValid}
        empty={{ title: 'No journals', text: 'No journal matches these filters.' }}
        onRowClick={(params) => setOpenId(String(params.id))}
        onCellKeyDown={(params, event) => {
          if (event.key === 'Enter') setOpenId(String(params.id));
        }}
      />
      <Typography variant="body2" color="text.secondary">
        Select a journal (or press Enter on it) to see its lines.
      </Typography>
      {openId !== null && <JournalDialog id={openId} onClose={() => setOpenId(null)} onOpen={setOpenId} />}
    </Stack>
  );
}

export function JournalLines({ lines }: { lines: JournalLine[] }) {
  const { account: accountPath } = useLedgerPaths();
  return (
    <ScrollingTable label="Journal lines">
      <Table size="small" aria-label="Journal lines">
        <TableHead>
          <TableRow>
            <TableCell>Account</TableCell>
            <TableCell align="right">Debit</TableCell>
            <TableCell align="right">Credit</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={`${line.account}-${line.currency}-${index}`}>
              <TableCell>
                <Link component={RouterLink} to={accountPath(line.account)}>
                  {line.label}
                </Link>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {line.account}
                </Typography>
              </TableCell>
              <TableCell align="right">{debit(line)}</TableCell>
              <TableCell align="right">{credit(line)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollingTable>
  );
}

function JournalDialog({
  id,
  onClose,
  onOpen,
}: {
  id: string;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const journal = useJournal(id);
  const data = journal.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="journal-dialog-title">
      <DialogTitle id="journal-dialog-title">{data ? `${data.description}` : 'Journal'}</DialogTitle>
      <DialogContent>
        {journal.isPending && <CircularProgress aria-label="Loading the journal" />}
        {journal.error && (
          <Alert severity="error">
            {toApiError(journal.error, 'The journal could not be loaded.').message}
          </Alert>
        )}
        {data && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {data.entryDate} · {BOOK_LABELS[data.book]} book · {SOURCE_LABELS[data.source]}
              {data.reference ? ` · Ref. ${data.reference}` : ''}
            </Typography>
            <JournalLines lines={data.lines} />
            {data.linkedJournalIds.map((linked) => (
              <Button key={linked} variant="outlined" onClick={() => onOpen(linked)}>
                Open the {data.book === 'trust' ? 'business' : 'trust'} book&apos;s half of this event
              </Button>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

type ChartRow = ChartAccount & { _id: string; balance: number; currency: string };

function ChartTab() {
  const { currencies, defaultCurrency } = useCurrencies();
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen ?? defaultCurrency;
  const chart = useChartOfAccounts(currency, Boolean(currency));
  const { account: accountPath } = useLedgerPaths();
  const columns = useMemo<GridColDef<ChartRow>[]>(
    () => [
      {
        field: 'label',
        headerName: 'Account',
        flex: 1,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={accountPath(row.account)}>
            {row.label}
          </Link>
        ),
      },
      { field: 'account', headerName: 'Name', width: 220 },
      { field: 'book', headerName: 'Book', width: 100, valueFormatter: (value: Book) => BOOK_LABELS[value] },
      { field: 'type', headerName: 'Type', width: 100 },
      {
        field: 'balance',
        headerName: 'Balance (debit +)',
        width: 160,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number, row) => formatMoney(value, row.currency),
      },
    ],
    [accountPath],
  );
  const rows = (chart.data ?? []).map((account): ChartRow => ({
    ...account,
    _id: account.account,
    currency,
    balance: account.balances.find((each) => each.currency === currency)?.balance ?? 0,
  }));
  return (
    <Stack spacing={2}>
      <Box>
        <CurrencyField value={currency} currencies={currencies} onChange={setChosen} />
      </Box>
      {chart.error && (
        <Alert severity="error">
          {toApiError(chart.error, 'The chart of accounts could not be loaded.').message}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          aria-label="Chart of accounts"
          rows={rows}
          columns={columns}
          getRowId={(row) => row._id}
          loading={chart.isPending && Boolean(currency)}
          autoHeight
          disableRowSelectionOnClick
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[25, 50, 100]}
          sx={{ border: 0 }}
        />
      </Paper>
    </Stack>
  );
}

function TrialBalanceTab() {
  const { currencies, defaultCurrency } = useCurrencies();
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen ?? defaultCurrency;
  const [asOf, setAsOf] = useState(todayIso());
  const balance = useTrialBalance({ currency, ...(asOf ? { asOf } : {}) }, Boolean(currency));
  const { account: accountPath } = useLedgerPaths();
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <CurrencyField value={currency} currencies={currencies} onChange={setChosen} />
        <TextField
          size="small"
          type="date"
          label="As of"
          value={asOf}
          onChange={(event) => setAsOf(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {balance.isPending && Boolean(currency) && <CircularProgress aria-label="Loading the trial balance" />}
      {balance.error && (
        <Alert severity="error">
          {toApiError(balance.error, 'The trial balance could not be loaded.').message}
        </Alert>
      )}
      {balance.data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {balance.data.books.map((book) => (
            <Paper
              key={book.book}
              variant="outlined"
              sx={{ p: 2 }}
              aria-label={`${BOOK_LABELS[book.book]} book`}
            >
              <Typography variant="h6" component="h2" gutterBottom>
                {BOOK_LABELS[book.book]} book
              </Typography>
              <ScrollingTable label={`${BOOK_LABELS[book.book]} book trial balance`}>
                <Table size="small" aria-label={`${BOOK_LABELS[book.book]} book trial balance`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Account</TableCell>
                      <TableCell align="right">Debit</TableCell>
                      <TableCell align="right">Credit</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {book.accounts.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={3}>No balances in {balance.data.currency}.</TableCell>
                      </TableRow>
                    )}
                    {book.accounts.map((row) => (
                      <TableRow key={row.account}>
                        <TableCell>
                          <Link component={RouterLink} to={accountPath(row.account)}>
                            {row.label}
                          </Link>
                        </TableCell>
                        <TableCell align="right">
                          {debit({ amount: row.balance, currency: balance.data.currency })}
                        </TableCell>
                        <TableCell align="right">
                          {credit({ amount: row.balance, currency: balance.data.currency })}
                        </TableCell>
                      </TableRow>
                    ))}
                    <TableRow>
                      <TableCell sx={{ fontWeight: 700 }}>Total (debits − credits)</TableCell>
                      <TableCell
                        align="right"
                        colSpan={2}
                        sx={{ fontWeight: 700 }}
                        data-testid={`total-${book.book}`}
                      >
                        {formatMoney(book.total, balance.data.currency)}
                      </TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
              </ScrollingTable>
              <Typography
                variant="body2"
                color={book.total === 0 ? 'success.main' : 'error.main'}
                sx={{ mt: 1 }}
              >
                {book.total === 0 ? 'Balances: debits equal credits.' : 'Does not balance.'}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function ExportTab() {
  const { currencies } = useCurrencies();
  const [book, setBook] = useState<Book | ''>('');
  const [currency, setCurrency] = useState('');
  const [period, setPeriod] = useState<Period>(() => ({ from: firstOfMonth(11), to: todayIso() }));
  const [format, setFormat] = useState<'csv' | 'ledger'>('ledger');
  const file = useDownload('The general ledger could not be downloaded.');
  const isValid = periodError(period) === null;
  return (
    <Stack
      spacing={2}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        void file.download((onProgress) =>
          downloadLedger(
            { ...(book ? { book } : {}), ...(currency ? { currency } : {}), ...period, format },
            onProgress,
          ),
        );
      }}
    >
      <Typography color="text.secondary">
        Every journal of the period, to check the books in a spreadsheet or in hledger (each book balances on
        its own).
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <BookField value={book} onChange={setBook} />
        <CurrencyField
          value={currency}
          currencies={currencies}
          onChange={setCurrency}
          allLabel="Every currency"
        />
        <PeriodFields value={period} onChange={setPeriod} />
        <TextField
          select
          size="small"
          label="Format"
          value={format}
          onChange={(event) => setFormat(event.target.value as 'csv' | 'ledger')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="ledger">hledger journal</MenuItem>
          <MenuItem value="csv">CSV</MenuItem>
        </TextField>
      </Box>
      {file.error && <Alert severity="error">{file.error}</Alert>}
      <Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={!isValid || file.isDownloading}
        >
          {file.isDownloading ? 'Downloading…' : 'Download'}
        </Button>
      </Box>
    </Stack>
  );
}

import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { formatMoney, type Statement } from '@lintel/contracts';
import { useDownload } from '../../../components/use-download.ts';
import { toApiError } from '../../../lib/http.ts';
// Dates read as calendar days the way the leases screens show them.
import { formatLeaseDate as formatDay } from '../../leases/lease-labels.ts';
import { downloadStatement, useStatement, type StatementKind } from '../api.ts';
import { firstOfMonth, periodError, todayIso, type Period } from '../period.ts';
import { CurrencyField } from './CurrencyField.tsx';
import { PeriodFields } from './PeriodFields.tsx';

type FileFormat = 'csv' | 'pdf';

export interface StatementViewProps {
  kind: StatementKind;
  /** The property, owner (record or user id) or agent the statement is for. */
  id: string;
  currencies: readonly string[];
  /** The page's currency: its balances and actions follow the statement's. */
  currency: string;
  onCurrencyChange: (currency: string) => void;
  title?: string;
  downloadLabels?: Record<FileFormat, string>;
}

const DEFAULT_LABELS: Record<FileFormat, string> = { csv: 'Download CSV', pdf: 'Download PDF' };

/**
 * PRODUCT.md statements: for a period and a currency, the opening balance, every line with its
 * running balance, and the closing balance, on screen and as CSV or PDF. One view for property,
 * owner and agent statements.
 */
export function StatementView({
  kind,
  id,
  currencies,
  currency,
  onCurrencyChange,
  title = 'Statement',
  downloadLabels = DEFAULT_LABELS,
}: StatementViewProps) {
  const titleId = useId();
  const [period, setPeriod] = useState<Period>(() => ({ from: firstOfMonth(), to: todayIso() }));
  const isValid = periodError(period) === null && Boolean(currency);
  const query = { ...period, currency };
  const statement = useStatement(kind, id, query, isValid);
  const file = useDownload<FileFormat>('The statement could not be downloaded.');
  const downloadButton = (format: FileFormat, label: string) => (
    <Button
      variant="outlined"
      onClick={() => void file.download(() => downloadStatement(kind, id, query, format), format)}
      disabled={!isValid || file.isDownloading}
      startIcon={
        file.downloading === format ? (
          <CircularProgress size={16} aria-hidden />
        ) : (
          <DownloadIcon aria-hidden />
        )
      }
      aria-label={
        label === DEFAULT_LABELS[format] ? undefined : `Download statement (${format.toUpperCase()})`
      }
    >
      {label}
    </Button>
  );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          // As many fields to a row as fit the card, whatever column it sits in.
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          mb: 2,
        }}
      >
        <PeriodFields value={period} onChange={setPeriod} />
        <CurrencyField value={currency} currencies={currencies} onChange={onCurrencyChange} />
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            gridColumn: '1 / -1',
          }}
        >
          {downloadButton('pdf', downloadLabels.pdf)}
          {downloadButton('csv', downloadLabels.csv)}
        </Box>
      </Box>
      {file.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {file.error}
        </Alert>
      )}
      {statement.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void statement.refetch()}>
              Try again
            </Button>
          }
        >
          {toApiError(statement.error, 'The statement could not be loaded.').message}
        </Alert>
      ) : statement.data ? (
        <>
          {statement.isFetching && <LinearProgress aria-label="Updating statement" sx={{ mb: 1 }} />}
          <StatementTable statement={statement.data} />
        </>
      ) : isValid ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading statement" />
        </Box>
      ) : null}
    </Paper>
  );
}

/** Opening row, the lines with their running balance, closing row with the period's totals. */
function StatementTable({ statement }: { statement: Statement }) {
  const money = (amount: number) => formatMoney(amount, statement.currency);
  const strong = { fontWeight: 700 };
  const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`${statement.title}: ${statement.subject}`} sx={{ minWidth: 340 }}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Description</TableCell>
            <TableCell sx={hideOnPhone}>Reference</TableCell>
            <TableCell align="right">Money in</TableCell>
            <TableCell align="right">Money out</TableCell>
            <TableCell align="right">Balance</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(statement.from)}</TableCell>
            <TableCell sx={strong}>Opening balance</TableCell>
            <TableCell sx={hideOnPhone} />
            <TableCell />
            <TableCell />
            <TableCell align="right" sx={strong}>
              {money(statement.openingBalance)}
            </TableCell>
          </TableRow>
          {statement.lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} sx={{ color: 'text.secondary', textAlign: 'center' }}>
                Nothing moved in this period.
              </TableCell>
            </TableRow>
          )}
          {statement.lines.map((line, index) => (
            // One journal can touch the account twice (an owner's several properties).
            <TableRow key={`${line.journalId}-${index}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(line.date)}</TableCell>
              <TableCell>
                {line.description}
                {line.reference && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                    {' '}
                    · {line.reference}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={hideOnPhone}>{line.reference}</TableCell>
              <TableCell align="right">{line.amount > 0 ? money(line.amount) : ''}</TableCell>
              <TableCell align="right">{line.amount < 0 ? money(-line.amount) : ''}</TableCell>
              <TableCell align="right">{money(line.balance)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(statement.to)}</TableCell>
            <TableCell sx={strong}>Closing balance</TableCell>
            <TableCell sx={hideOnPhone} />
            <TableCell align="right" sx={strong}>
              {money(statement.moneyIn)}
            </TableCell>
            <TableCell align="right" sx={strong}>
              {money(Math.abs(statement.moneyOut))}
            </TableCell>
            <TableCell align="right" sx={strong}>
              {money(statement.closingBalance)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

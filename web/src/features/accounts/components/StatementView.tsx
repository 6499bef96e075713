import { lazy, Suspense, useId, useMemo, useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DownloadIcon from '@mui/icons-material/Download';
import { formatMoney, type Statement, type StatementLine } from '@lintel/contracts';
import { DetailList } from '../../../components/DetailList.tsx';
import type { ServerDataGrid as EagerServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useDownload } from '../../../components/use-download.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { useNearView } from '../../../components/use-near-view.ts';
import { firstOfMonth, formatDay, type Period, periodError, todayIso } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { downloadStatement, useStatement, type StatementKind } from '../api.ts';
import { CurrencyField } from './CurrencyField.tsx';
import { PeriodFields } from './PeriodFields.tsx';

type FileFormat = 'csv' | 'pdf';

/**
 * The lines' grid, fetched when the statement comes near the screen: at the foot of the owner's
 * home it would otherwise be the largest code that page loads (the list pages share it anyway).
 */
const ServerDataGrid = lazy(() =>
  import('../../../components/ServerDataGrid.tsx').then((module) => ({ default: module.ServerDataGrid })),
) as unknown as typeof EagerServerDataGrid;
/** About an empty grid's height: its header, a few rows and the pager, held until the grid draws. */
const GRID_PLACEHOLDER_HEIGHT = 280;

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

/** A statement line as a grid row: its place in the period keys it (a journal may give two lines). */
type LineRow = StatementLine & { _id: string };

/**
 * PRODUCT.md statements: for a period and a currency, the opening balance, every line with its
 * running balance, and the closing balance, on screen and as CSV or PDF. One view for property,
 * owner and agent statements. The screen pages through the lines (a busy account has thousands a
 * year); the balances and totals above them are the whole period's, and the files carry every line.
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
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const [period, setPeriod] = useState<Period>(() => ({ from: firstOfMonth(), to: todayIso() }));
  const isValid = periodError(period) === null && Boolean(currency);
  const query = { ...period, currency };
  const paging = useGridQueryState({ filters: [period.from, period.to, currency] });
  const { page, pageSize } = paging.query;
  const statement = useStatement(kind, id, { ...query, page, pageSize }, isValid);
  const reply = statement.data;
  const lines = useMemo(() => {
    if (!reply) return undefined;
    const offset = (reply.meta.page - 1) * reply.meta.pageSize;
    return {
      data: reply.data.lines.map((line, index): LineRow => ({ ...line, _id: String(offset + index) })),
      meta: reply.meta,
    };
  }, [reply]);
  const columns = useLineColumns(reply?.data.currency ?? currency, compact);
  const file = useDownload<FileFormat>('The statement could not be downloaded.');
  const [gridPlaceholderRef, gridNear] = useNearView();
  const gridPlaceholder = (
    <Skeleton ref={gridPlaceholderRef} variant="rounded" height={GRID_PLACEHOLDER_HEIGHT} />
  );
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
      // A bare "CSV" says what, not which action: the name adds it, keeping the visible word in it
      // (WCAG 2.5.3, label in name).
      aria-label={label === format.toUpperCase() ? `Download statement as ${label}` : undefined}
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
      {reply ? (
        <Box sx={{ mb: 2 }}>
          <StatementFigures statement={reply.data} />
        </Box>
      ) : isValid && !statement.error ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading statement" />
        </Box>
      ) : null}
      {(reply || statement.error) && !gridNear && gridPlaceholder}
      {(reply || statement.error) && gridNear && (
        <Suspense fallback={gridPlaceholder}>
          <ServerDataGrid
            aria-label={reply ? `${reply.data.title}: ${reply.data.subject}` : title}
            list={{ ...statement, data: lines }}
            columns={columns}
            state={paging.grid}
            empty={{ title: 'Nothing moved in this period.', text: 'Choose another period or currency.' }}
            error={statement.error ? toApiError(statement.error, 'The statement could not be loaded.') : null}
            isQueried={isValid}
            columnVisibilityModel={{
              date: !compact,
              reference: !compact,
              moneyIn: !compact,
              moneyOut: !compact,
              amount: compact,
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}

/** The whole period's figures: opening balance, money in and out, closing balance. */
function StatementFigures({ statement }: { statement: Statement }) {
  const money = (amount: number) => formatMoney(amount, statement.currency);
  return (
    <DetailList
      items={[
        { label: `Opening balance, ${formatDay(statement.from)}`, value: money(statement.openingBalance) },
        { label: 'Money in', value: money(statement.moneyIn) },
        { label: 'Money out', value: money(statement.moneyOut) },
        {
          label: `Closing balance, ${formatDay(statement.to)}`,
          value: <strong>{money(statement.closingBalance)}</strong>,
        },
      ]}
    />
  );
}

/** Date, description, reference, money in, money out and the running balance; on phones the date and reference go under the description and one signed amount replaces in and out. */
function useLineColumns(currency: string, compact: boolean) {
  return useMemo<GridColDef<LineRow>[]>(() => {
    const money = (amount: number) => formatMoney(amount, currency);
    const amountColumn = (
      field: 'moneyIn' | 'moneyOut' | 'amount',
      headerName: string,
      show: (amount: number) => string,
    ): GridColDef<LineRow> => ({
      field,
      headerName,
      type: 'number',
      width: 130,
      sortable: false,
      valueGetter: (_value, row) => row.amount,
      valueFormatter: (amount: number) => show(amount),
    });
    return [
      {
        field: 'date',
        headerName: 'Date',
        width: 120,
        sortable: false,
        valueFormatter: (value: string) => formatDay(value),
      },
      {
        field: 'description',
        headerName: 'Description',
        flex: 1,
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) =>
          compact ? (
            <StackedCell>
              <Typography variant="body2" noWrap>
                {row.description}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {[formatDay(row.date), row.reference].filter(Boolean).join(' · ')}
              </Typography>
            </StackedCell>
          ) : (
            row.description
          ),
      },
      { field: 'reference', headerName: 'Reference', width: 140, sortable: false },
      amountColumn('moneyIn', 'Money in', (amount) => (amount > 0 ? money(amount) : '')),
      amountColumn('moneyOut', 'Money out', (amount) => (amount < 0 ? money(-amount) : '')),
      amountColumn('amount', 'Amount', money),
      {
        field: 'balance',
        headerName: 'Balance',
        type: 'number',
        width: compact ? 110 : 130,
        sortable: false,
        valueFormatter: (value: number) => money(value),
      },
    ];
  }, [currency, compact]);
}

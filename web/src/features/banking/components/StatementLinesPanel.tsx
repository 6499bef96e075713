import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatMoney, type BankAccountView, type BankLineView } from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDay } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useBankLines, useUnmatch, type LineFilters } from '../api.ts';
import { RULE_LABELS } from '../labels.ts';
import { MatchDialog } from './MatchDialog.tsx';

/** The statement's lines with their match state, unmatched first, and what can be done with each. */
export function StatementLinesPanel({ account, canWrite }: { account: BankAccountView; canWrite: boolean }) {
  const [state, setState] = useState<LineFilters['state']>('unmatched');
  const [direction, setDirection] = useState<'credit' | 'debit' | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const list = useGridQueryState({ filters: [state, direction, from, to] });
  const lines = useBankLines(account._id, {
    page: list.query.page,
    pageSize: list.query.pageSize,
    state,
    ...(direction ? { direction } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  const [matching, setMatching] = useState<BankLineView | null>(null);
  const [unmatching, setUnmatching] = useState<BankLineView | null>(null);
  const unmatch = useUnmatch();
  const money = (amount: number) => formatMoney(amount, account.currency);

  const columns: GridColDef<BankLineView>[] = [
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
      flex: 2,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <StackedCell>
          <Typography variant="body2" noWrap>
            {row.description}
          </Typography>
          {(row.reference || row.counterparty) && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {[row.reference, row.counterparty].filter(Boolean).join(' · ')}
            </Typography>
          )}
        </StackedCell>
      ),
    },
    {
      field: 'amount',
      headerName: 'Amount',
      width: 150,
      align: 'right',
      headerAlign: 'right',
      sortable: false,
      renderCell: ({ row }) => (
        <span>
          {money(Math.abs(row.amount))} {row.amount >= 0 ? 'in' : 'out'}
        </span>
      ),
    },
    {
      field: 'balance',
      headerName: 'Balance',
      width: 140,
      align: 'right',
      headerAlign: 'right',
      sortable: false,
      renderCell: ({ row }) => money(row.balance),
    },
    {
      field: 'rule',
      headerName: 'Match',
      flex: 1,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) =>
        row.matchId ? (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            label={`Matched · ${row.rule ? RULE_LABELS[row.rule] : ''}`}
          />
        ) : (
          <Chip size="small" color="warning" variant="outlined" label="Unmatched" />
        ),
    },
    ...(canWrite
      ? [
          {
            field: 'actions',
            headerName: 'Actions',
            width: 130,
            sortable: false,
            align: 'right',
            headerAlign: 'right',
            renderCell: ({ row }) =>
              row.matchId ? (
                <Button
                  size="small"
                  onClick={() => setUnmatching(row)}
                  aria-label={`Unmatch line of ${formatDay(row.date)} ${row.description}`}
                >
                  Unmatch
                </Button>
              ) : (
                <Button
                  size="small"
                  onClick={() => setMatching(row)}
                  aria-label={`Match line of ${formatDay(row.date)} ${row.description}`}
                >
                  Match…
                </Button>
              ),
          } satisfies GridColDef<BankLineView>,
        ]
      : []),
  ];

  return (
    <Stack spacing={2}>
      <Box
        role="search"
        aria-label="Statement line filters"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 200px))' },
        }}
      >
        <TextField
          select
          size="small"
          label="State"
          value={state}
          onChange={(event) => setState(event.target.value as LineFilters['state'])}
        >
          <MenuItem value="unmatched">Unmatched</MenuItem>
          <MenuItem value="matched">Matched</MenuItem>
          <MenuItem value="all">All lines</MenuItem>
        </TextField>
        <FilterSelect
          label="Direction"
          allLabel="Money in and out"
          value={direction}
          onChange={setDirection}
          showsAll
        >
          <MenuItem value="credit">Money in</MenuItem>
          <MenuItem value="debit">Money out</MenuItem>
        </FilterSelect>
        <TextField
          size="small"
          type="date"
          label="From"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <ServerDataGrid
        aria-label="Statement lines"
        list={lines}
        columns={columns}
        state={list.grid}
        empty={{
          title: state === 'unmatched' ? 'No unmatched lines' : 'No statement lines',
          text:
            state === 'unmatched'
              ? 'Every imported line is matched to the books.'
              : 'Import a statement to see its lines here.',
        }}
      />
      {matching && <MatchDialog account={account} line={matching} onClose={() => setMatching(null)} />}
      <ConfirmDialog
        open={unmatching !== null}
        title="Unmatch this line?"
        message={
          unmatching && (
            <>
              The line of {formatDay(unmatching.date)} for {money(unmatching.amount)} and its ledger entries
              become unmatched again.
            </>
          )
        }
        confirmLabel="Unmatch"
        destructive
        busy={unmatch.isPending}
        error={unmatch.error ? toApiError(unmatch.error, 'The line could not be unmatched.').message : null}
        onConfirm={() => {
          if (!unmatching?.matchId) return;
          unmatch.mutate(unmatching.matchId, { onSuccess: () => setUnmatching(null) });
        }}
        onClose={() => setUnmatching(null)}
        onExited={() => unmatch.reset()}
      />
    </Stack>
  );
}

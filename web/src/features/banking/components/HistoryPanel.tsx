import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { formatMoney, ReopenInput, type BankAccountView, type ReconciliationRecord } from '@lintel/contracts';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { useDownload } from '../../../components/use-download.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDay } from '../../../lib/format.ts';
import { downloadMonthEndPack, useReconciliations, useReopen } from '../api.ts';

/** Signed-off reconciliations, newest first: each month's pack, and an admin's reopen of the latest. */
export function HistoryPanel({ account, canReopen }: { account: BankAccountView; canReopen: boolean }) {
  const list = useGridQueryState();
  const history = useReconciliations(account._id, { page: list.query.page, pageSize: list.query.pageSize });
  const pack = useDownload<string>('The month-end pack could not be downloaded. Please try again.');
  const reopen = useReopen();
  const [reopening, setReopening] = useState<ReconciliationRecord | null>(null);
  const money = (amount: number) => formatMoney(amount, account.currency);
  // The latest signed-off one that still stands: only it can be reopened.
  const latest = history.data?.data.find((row) => row.reopenedAt === null);
  const isFirstPage = list.query.page === 1;

  const columns: GridColDef<ReconciliationRecord>[] = [
    {
      field: 'date',
      headerName: 'Statement date',
      width: 140,
      sortable: false,
      valueFormatter: (value: string) => formatDay(value),
    },
    {
      field: 'statementBalance',
      headerName: 'Statement balance',
      width: 160,
      align: 'right',
      headerAlign: 'right',
      sortable: false,
      renderCell: ({ row }) => money(row.statementBalance),
    },
    {
      field: 'cashBook',
      headerName: 'Cash book',
      width: 150,
      align: 'right',
      headerAlign: 'right',
      sortable: false,
      renderCell: ({ row }) => money(row.cashBook),
    },
    {
      field: 'signedOffByName',
      headerName: 'Signed off',
      flex: 1,
      minWidth: 200,
      sortable: false,
      valueGetter: (_value: unknown, row: ReconciliationRecord) =>
        `${row.signedOffByName ?? 'A former user'}, ${new Date(row.signedOffAt).toLocaleDateString()}`,
    },
    {
      field: 'reopenedAt',
      headerName: 'State',
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_value: unknown, row: ReconciliationRecord) =>
        row.reopenedAt
          ? `Reopened by ${row.reopenedByName ?? 'a former user'}: ${row.reopenReason ?? ''}`
          : 'Closed',
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: canReopen ? 230 : 130,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => (
        <Box
          sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}
        >
          <Button
            size="small"
            disabled={pack.isDownloading}
            aria-label={`Download the month-end pack of ${formatDay(row.date)}`}
            onClick={() =>
              void pack.download((onProgress) => downloadMonthEndPack(row._id, row.date, onProgress), row._id)
            }
          >
            {pack.downloading === row._id ? 'Downloading…' : 'Pack'}
          </Button>
          {canReopen && isFirstPage && row._id === latest?._id && (
            <Button
              size="small"
              color="error"
              onClick={() => setReopening(row)}
              aria-label={`Reopen ${formatDay(row.date)}`}
            >
              Reopen
            </Button>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      {pack.error && <Alert severity="error">{pack.error}</Alert>}
      <ServerDataGrid
        aria-label="Signed-off reconciliations"
        list={history}
        columns={columns}
        state={list.grid}
        empty={{
          title: 'Nothing signed off yet',
          text: 'Each signed-off reconciliation shows here with its month-end pack.',
        }}
      />
      <ReasonDialog
        open={reopening !== null}
        title={reopening ? `Reopen ${formatDay(reopening.date)}?` : 'Reopen?'}
        actionLabel="Reopen"
        message="Postings dated in this period are accepted again until it is signed off anew. The reason is kept in the audit log."
        schema={ReopenInput}
        failureText="The period could not be reopened. Please try again."
        onConfirm={(reason) => reopen.mutateAsync({ id: reopening!._id, reason })}
        onClose={() => setReopening(null)}
      />
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { formatMoney, type FeeTransfer } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { useAuth } from '../../../session/index.ts';
import { canMoveTrustMoney, canReadTrustTransfers, useTransfers } from '../api.ts';
import { DueToAgencyCard } from '../components/DueToAgencyCard.tsx';

const TITLE = 'Fee transfers';

type TransferRow = FeeTransfer & { _id: string };

const COLUMNS: GridColDef<TransferRow>[] = [
  { field: 'date', headerName: 'Date', width: 120, sortable: false },
  { field: 'reference', headerName: 'Reference', flex: 1, minWidth: 120, sortable: false },
  {
    field: 'direction',
    headerName: 'Direction',
    flex: 1,
    minWidth: 150,
    sortable: false,
    valueFormatter: (value: FeeTransfer['direction']) =>
      value === 'to_business' ? 'Trust → business' : 'Business → trust',
  },
  {
    field: 'amount',
    headerName: 'Amount',
    width: 140,
    align: 'right',
    headerAlign: 'right',
    sortable: false,
    renderCell: ({ row }) => formatMoney(row.amount, row.currency),
  },
  {
    field: 'postedByName',
    headerName: 'Made by',
    width: 160,
    sortable: false,
    valueGetter: (_value: unknown, row: FeeTransfer) =>
      row.postedBy ? (row.postedByName ?? 'A former user') : 'The schedule',
  },
];

/** /accountant-dashboard/transfers: what trust owes the agency, its transfer, and transfers made. */
export function TransfersPage() {
  const { user } = useAuth();
  if (!canReadTrustTransfers(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">Fee transfers are kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <TransfersView canTransfer={canMoveTrustMoney(user?.role)} />;
}

function TransfersView({ canTransfer }: { canTransfer: boolean }) {
  const list = useGridQueryState();
  const transfers = useTransfers(list.query);
  return (
    <Stack spacing={3}>
      <PageHeader
        title={TITLE}
        subtitle="The agency's commission and VAT leave the trust account for the business account."
      />
      <DueToAgencyCard canTransfer={canTransfer} />
      <Box component="section" aria-labelledby="transfers-made">
        <Box id="transfers-made">
          <SectionTitle>Transfers made</SectionTitle>
        </Box>
        <ServerDataGrid
          aria-label="Transfers made"
          list={transfers}
          columns={COLUMNS}
          state={list.grid}
          empty={{
            title: 'No transfers yet',
            text: 'Transfers to the business account show here, newest first.',
          }}
        />
      </Box>
    </Stack>
  );
}

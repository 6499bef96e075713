import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { formatMoney, SUSPENSE_STATES, type Lease, type SuspenseItemView } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDay, todayIso } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { SearchPicker } from '../../properties/index.ts';
import {
  canKeepBanking,
  canReadBanking,
  leaseOptionsIn,
  useAllocateSuspense,
  useRefundSuspense,
  useSuspense,
} from '../api.ts';

const TITLE = 'Trust suspense';

const STATE_LABELS: Record<(typeof SUSPENSE_STATES)[number], string> = {
  open: 'Open',
  allocated: 'Allocated',
  refunded: 'Refunded',
};

const leaseOption = (lease: Lease) => ({
  _id: lease._id,
  label: `${lease.propertyName} — ${lease.tenantName}`,
  detail: `Rent ${formatMoney(lease.rentAmount, lease.currency)}`,
  lease,
});

/** /…-dashboard/banking/suspense: money in trust no one has identified yet, open first. */
export function SuspensePage() {
  const { user } = useAuth();
  const back = (
    <Button
      component={RouterLink}
      to=".."
      relative="path"
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      Bank accounts
    </Button>
  );
  if (!canReadBanking(user?.role))
    return (
      <Stack spacing={2}>
        <PageHeader title={TITLE} />
        <Alert severity="info">Trust suspense is kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  return <SuspenseView back={back} canWrite={canKeepBanking(user?.role)} />;
}

function SuspenseView({ back, canWrite }: { back: React.ReactNode; canWrite: boolean }) {
  const [state, setState] = useState<SuspenseItemView['state'] | ''>('');
  const list = useGridQueryState({ filters: [state] });
  const items = useSuspense({
    page: list.query.page,
    pageSize: list.query.pageSize,
    ...(state ? { state } : {}),
  });
  const [allocating, setAllocating] = useState<SuspenseItemView | null>(null);
  const [refunding, setRefunding] = useState<SuspenseItemView | null>(null);

  const columns: GridColDef<SuspenseItemView>[] = [
    {
      field: 'date',
      headerName: 'Date',
      width: 120,
      sortable: false,
      valueFormatter: (value: string) => formatDay(value),
    },
    {
      field: 'description',
      headerName: 'Received',
      flex: 2,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <StackedCell>
          <span>{row.counterparty ? `${row.counterparty} · ${row.description}` : row.description}</span>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
            {row.note}
          </Box>
        </StackedCell>
      ),
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
      field: 'state',
      headerName: 'State',
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_value: unknown, row: SuspenseItemView) =>
        row.resolution ? `${STATE_LABELS[row.state]}: ${row.resolution}` : STATE_LABELS[row.state],
    },
    ...(canWrite
      ? [
          {
            field: 'actions',
            headerName: 'Actions',
            width: 210,
            sortable: false,
            align: 'right',
            headerAlign: 'right',
            renderCell: ({ row }) =>
              row.state === 'open' ? (
                <Box
                  sx={{
                    display: 'flex',
                    gap: 1,
                    justifyContent: 'flex-end',
                    alignItems: 'center',
                    height: '100%',
                  }}
                >
                  <Button
                    size="small"
                    onClick={() => setAllocating(row)}
                    aria-label={`Allocate ${formatMoney(row.amount, row.currency)} of ${formatDay(row.date)} to a lease`}
                  >
                    Allocate
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setRefunding(row)}
                    aria-label={`Refund ${formatMoney(row.amount, row.currency)} of ${formatDay(row.date)}`}
                  >
                    Refund
                  </Button>
                </Box>
              ) : null,
          } satisfies GridColDef<SuspenseItemView>,
        ]
      : []),
  ];

  return (
    <Stack spacing={2}>
      {back}
      <PageHeader
        title={TITLE}
        subtitle="Money received into trust that nobody has identified yet, open items first."
      />
      <Box sx={{ maxWidth: 240 }}>
        <FilterSelect
          label="State"
          allLabel="All items"
          value={state}
          onChange={setState}
          showsAll
          sx={{ width: '100%' }}
        >
          {SUSPENSE_STATES.map((value) => (
            <MenuItem key={value} value={value}>
              {STATE_LABELS[value]}
            </MenuItem>
          ))}
        </FilterSelect>
      </Box>
      <ServerDataGrid
        aria-label="Suspense items"
        list={items}
        columns={columns}
        state={list.grid}
        empty={{
          title: 'Nothing in suspense',
          text: 'Unidentified money parked from a statement line shows here.',
        }}
      />
      {allocating && <AllocateDialog item={allocating} onClose={() => setAllocating(null)} />}
      {refunding && <RefundDialog item={refunding} onClose={() => setRefunding(null)} />}
    </Stack>
  );
}

function AllocateDialog({ item, onClose }: { item: SuspenseItemView; onClose: () => void }) {
  const allocate = useAllocateSuspense();
  const [lease, setLease] = useState<Lease | null>(null);
  const [type, setType] = useState<'rent' | 'deposit'>('rent');
  const amount = formatMoney(item.amount, item.currency);
  return (
    <ActionDialog
      open
      title="Allocate to a lease"
      action={{
        label: `Allocate ${amount}`,
        disabled: !lease,
        onClick: () =>
          lease && allocate.mutate({ id: item._id, leaseId: lease._id, type }, { onSuccess: onClose }),
      }}
      busy={allocate.isPending}
      error={allocate.error ? toApiError(allocate.error, 'The item could not be allocated.').message : null}
      onClose={onClose}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogContentText>
          {amount} received on {formatDay(item.date)}
          {item.counterparty ? ` from ${item.counterparty}` : ''} becomes a payment on the lease.
        </DialogContentText>
        <SearchPicker
          label="Lease"
          required
          value={lease ? leaseOption(lease) : null}
          onChange={(option) => setLease(option?.lease ?? null)}
          helperText={`Active ${item.currency} leases; search by property or tenant`}
          useOptions={leaseOptionsIn(item.currency)}
          toOption={leaseOption}
          noOptions={{ searched: 'No active leases match', none: `No active ${item.currency} leases` }}
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
      </Stack>
    </ActionDialog>
  );
}

function RefundDialog({ item, onClose }: { item: SuspenseItemView; onClose: () => void }) {
  const refund = useRefundSuspense();
  const [date, setDate] = useState(todayIso);
  const [reference, setReference] = useState('');
  const amount = formatMoney(item.amount, item.currency);
  return (
    <ActionDialog
      open
      title={`Refund ${amount}?`}
      action={{
        label: 'Refund',
        color: 'error',
        disabled: !date,
        onClick: () =>
          refund.mutate(
            { id: item._id, date, reference: reference.trim() || undefined },
            { onSuccess: onClose },
          ),
      }}
      busy={refund.isPending}
      error={refund.error ? toApiError(refund.error, 'The item could not be refunded.').message : null}
      onClose={onClose}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogContentText>
          {amount} received on {formatDay(item.date)}
          {item.counterparty ? ` from ${item.counterparty}` : ''} is paid back out of trust.
        </DialogContentText>
        <TextField
          type="date"
          label="Refund date"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Reference"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          helperText="The bank transfer's reference, if any"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Stack>
    </ActionDialog>
  );
}

import { useEffect, useMemo, useState } from 'react';
import type { GridColDef, GridColumnVisibilityModel, GridRowParams } from '@mui/x-data-grid';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  formatMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  type Payment,
  type PaymentMethod,
  type PaymentStatus,
  type PaymentType,
} from '@lintel/contracts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { useDownload } from '../../../components/use-download.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDay } from '../../../lib/format.ts';
import { useAuth, useProperties } from '../../../session/index.ts';
import { canReadFinanceSettings, COMMON_CURRENCIES, useFinanceSettings } from '../../finance/index.ts';
import {
  canExportPayments,
  canReadPayments,
  canRecordPayments,
  exportPaymentsCsv,
  usePayments,
  type PaymentListQuery,
} from '../api.ts';
import { PaymentDetailsDialog } from '../components/PaymentDetailsDialog.tsx';
import { PaymentStatusChip } from '../components/PaymentStatusChip.tsx';
import { RecordPaymentButton } from '../components/RecordPaymentButton.tsx';
import { PAYMENT_STATUS_LABELS, PAYMENT_TYPE_LABELS } from '../payment-labels.ts';

/** Grid columns the server sorts by; their field names are the API's `sort` keys. */
const SORTABLE = ['receiptNumber', 'paymentDate', 'amount'];

/**
 * /accountant-dashboard/payments, /admin/payments and /payments: the payments the role may read
 * (the server scopes agents and owners), with recording, export and reversal only where the role
 * may do them. 'other' gets an explanation and calls nothing (a 403 ends the session).
 */
export function PaymentsPage() {
  const { user } = useAuth();
  if (!canReadPayments(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Payments" />
        <Alert severity="info">Payments are handled by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <PaymentList />;
}

interface Filters {
  from: string;
  to: string;
  type: PaymentType | '';
  status: PaymentStatus | '';
  method: PaymentMethod | '';
  currency: string;
  propertyId: string;
}

const NO_FILTERS: Filters = {
  from: '',
  to: '',
  type: '',
  status: '',
  method: '',
  currency: '',
  propertyId: '',
};

function PaymentList() {
  const { user } = useAuth();
  const role = user?.role;
  const isAccountant = role === 'accountant';
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));

  const { properties, fetchProperties } = useProperties();
  useEffect(() => {
    // SPEC §2: the accountant's payments screen loads the property list once, on arrival.
    if (isAccountant) void fetchProperties();
    // Once, on arrival: later changes of the provider's callbacks must not fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const finance = useFinanceSettings(canReadFinanceSettings(role));
  const currencyOptions = finance.data?.currencies ?? COMMON_CURRENCIES;

  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const setFilter = <K extends keyof Filters>(name: K, value: Filters[K]) =>
    setFilters((current) => ({ ...current, [name]: value }));
  const list = useGridQueryState({
    sortable: SORTABLE,
    initialSort: [{ field: 'paymentDate', sort: 'desc' }],
    filters: Object.values(filters),
  });
  const { search, setSearch, q } = list;
  // Only the filters that are set reach the server.
  const filterQuery = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  const query: PaymentListQuery = { ...list.query, ...filterQuery };
  const payments = usePayments(query);
  const isFiltered = Boolean(q) || Object.keys(filterQuery).length > 0;
  const details = useDialogState<Payment>();

  const csvExport = useDownload('The payments could not be exported.');
  const handleExport = () =>
    csvExport.download(() =>
      exportPaymentsCsv({
        ...filterQuery,
        ...(q ? { q } : {}),
        ...(list.query.sort ? { sort: list.query.sort } : {}),
      }),
    );

  const { openDialog } = details;
  const columns = useMemo<GridColDef<Payment>[]>(
    () => [
      {
        field: 'receiptNumber',
        headerName: 'Receipt',
        // A phone shows receipt, property and amount side by side in about 340 px.
        width: compact ? 112 : 150,
        renderCell: ({ row }) => (
          <StackedCell>
            <Link
              component="button"
              type="button"
              underline="hover"
              sx={{ fontWeight: 500, textAlign: 'left' }}
              onClick={(event) => {
                event.stopPropagation();
                openDialog(row);
              }}
            >
              {row.receiptNumber}
            </Link>
            {compact && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {formatDay(row.paymentDate)} · {PAYMENT_STATUS_LABELS[row.status]}
              </Typography>
            )}
          </StackedCell>
        ),
      },
      {
        field: 'paymentDate',
        headerName: 'Date',
        width: 120,
        valueFormatter: (value: string) => formatDay(value),
      },
      {
        field: 'propertyName',
        headerName: 'Property',
        flex: 1,
        minWidth: compact ? 100 : 140,
        sortable: false,
        renderCell: ({ row }) => (
          <StackedCell>
            <Typography variant="body2" noWrap>
              {row.propertyName}
            </Typography>
            {compact && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.tenantName ?? row.payerName ?? PAYMENT_TYPE_LABELS[row.type]}
              </Typography>
            )}
          </StackedCell>
        ),
      },
      {
        field: 'tenantName',
        headerName: 'Tenant / payer',
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_value, row) => row.tenantName ?? row.payerName ?? '—',
      },
      {
        field: 'type',
        headerName: 'Type',
        width: 100,
        sortable: false,
        valueFormatter: (value: PaymentType) => PAYMENT_TYPE_LABELS[value],
      },
      {
        field: 'method',
        headerName: 'Method',
        width: 130,
        sortable: false,
        valueFormatter: (value: PaymentMethod) => PAYMENT_METHOD_LABELS[value],
      },
      {
        field: 'amount',
        headerName: 'Amount',
        width: compact ? 104 : 140,
        type: 'number',
        valueFormatter: (value: number, row) => formatMoney(value, row.currency),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <PaymentStatusChip status={row.status} />,
      },
    ],
    [compact, openDialog],
  );

  const columnVisibilityModel: GridColumnVisibilityModel = {
    paymentDate: !compact,
    tenantName: !compact,
    type: wide,
    method: wide,
    status: !compact,
  };

  const canRecord = canRecordPayments(role);
  const exportButton = canExportPayments(role) && (
    <Button
      variant="outlined"
      startIcon={
        csvExport.isDownloading ? (
          <CircularProgress size={16} color="inherit" aria-hidden />
        ) : (
          <DownloadIcon />
        )
      }
      onClick={() => void handleExport()}
      disabled={csvExport.isDownloading}
    >
      Export CSV
    </Button>
  );

  const dateProps = { type: 'date', size: 'small' as const, slotProps: { inputLabel: { shrink: true } } };

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Payments"
        subtitle={
          role === 'owner'
            ? 'Payments received on your properties.'
            : role === 'agent'
              ? 'Payments on the properties you manage.'
              : canRecord
                ? 'Record, receipt and reverse payments.'
                : 'Every payment of the agency, with receipts.'
        }
        actions={
          <>
            {exportButton}
            <RecordPaymentButton />
          </>
        }
      />
      <ErrorAlert message={csvExport.error} />
      <Box
        role="search"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        <SearchField
          label="Search payments"
          value={search}
          onChange={setSearch}
          placeholder="Receipt number or reference"
          sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}
        />
        <TextField
          label="From"
          value={filters.from}
          onChange={(event) => setFilter('from', event.target.value)}
          {...dateProps}
        />
        <TextField
          label="To"
          value={filters.to}
          onChange={(event) => setFilter('to', event.target.value)}
          {...dateProps}
        />
        <FilterSelect
          label="Type"
          allLabel="All types"
          value={filters.type}
          onChange={(value) => setFilter('type', value)}
        >
          {optionItems(PAYMENT_TYPES, PAYMENT_TYPE_LABELS)}
        </FilterSelect>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={filters.status}
          onChange={(value) => setFilter('status', value)}
        >
          {optionItems(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS)}
        </FilterSelect>
        <FilterSelect
          label="Method"
          allLabel="All methods"
          value={filters.method}
          onChange={(value) => setFilter('method', value)}
        >
          {optionItems(PAYMENT_METHODS, PAYMENT_METHOD_LABELS)}
        </FilterSelect>
        <FilterSelect
          label="Currency"
          allLabel="All currencies"
          value={filters.currency}
          onChange={(value) => setFilter('currency', value)}
        >
          {currencyOptions.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </FilterSelect>
        {properties.length > 0 && (
          <FilterSelect
            label="Property"
            allLabel="All properties"
            value={filters.propertyId}
            onChange={(value) => setFilter('propertyId', value)}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          >
            {properties.map((property) => (
              <MenuItem key={property._id} value={property._id}>
                {property.name}
              </MenuItem>
            ))}
          </FilterSelect>
        )}
      </Box>

      <ServerDataGrid
        aria-label="Payments"
        list={payments}
        columns={columns}
        state={list.grid}
        columnVisibilityModel={columnVisibilityModel}
        onRowClick={({ row }: GridRowParams<Payment>) => openDialog(row)}
        empty={{
          title: isFiltered ? 'No payments match your search' : 'No payments yet',
          text: isFiltered
            ? 'Try other words, or clear the filters.'
            : canRecord
              ? 'Record the first payment to issue a receipt.'
              : 'Payments will show here once they are recorded.',
          action: isFiltered ? (
            <Button
              variant="outlined"
              onClick={() => {
                setSearch('');
                setFilters(NO_FILTERS);
              }}
            >
              Clear filters
            </Button>
          ) : undefined,
        }}
      />

      {details.dialog && (
        <PaymentDetailsDialog
          key={details.dialogKey}
          open={details.dialogOpen}
          payment={details.dialog}
          onClose={details.closeDialog}
          onExited={details.forgetDialog}
        />
      )}
    </Stack>
  );
}

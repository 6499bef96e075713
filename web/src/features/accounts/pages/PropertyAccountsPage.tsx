import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { GridColDef, GridColumnVisibilityModel, GridRowParams } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatMoney } from '@lintel/contracts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDay } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import {
  canMoveMoney,
  canReadPropertyAccounts,
  useEnabledCurrencies,
  usePropertyAccounts,
  type PropertyAccountRow,
} from '../api.ts';
import { ArrearsText } from '../components/ArrearsText.tsx';
import { CurrencyField } from '../components/CurrencyField.tsx';
import { DepositInterestDialog } from '../components/DepositInterestDialog.tsx';
import { useAccountsPaths } from '../paths.ts';

/** /accountant-dashboard/property-accounts: what is held for each owner and what tenants owe. */
export function PropertyAccountsPage() {
  const { user } = useAuth();
  if (!canReadPropertyAccounts(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Property accounts" />
        <Alert severity="info">Property accounts are kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <PropertyAccountList />;
}

function PropertyAccountList() {
  const { user } = useAuth();
  const [recordingInterest, setRecordingInterest] = useState(false);
  const navigate = useNavigate();
  const { propertyAccounts } = useAccountsPaths();
  const pathOf = useCallback(
    (row: PropertyAccountRow) => `${propertyAccounts}/${row.propertyId}`,
    [propertyAccounts],
  );
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const [currency, setCurrency] = useState('');
  const enabled = useEnabledCurrencies();
  const list = useGridQueryState({ filters: [currency] });
  const { search, setSearch, q } = list;
  const accounts = usePropertyAccounts({ ...list.query, ...(currency ? { currency } : {}) });
  const isFiltered = Boolean(q || currency);

  const columns = useMemo<GridColDef<PropertyAccountRow>[]>(
    () => [
      {
        field: 'propertyName',
        headerName: 'Property',
        flex: 1.2,
        minWidth: 160,
        renderCell: ({ row }) => (
          <StackedCell>
            <Link
              component={RouterLink}
              to={pathOf(row)}
              underline="hover"
              sx={{ fontWeight: 500 }}
              noWrap
              onClick={(event) => event.stopPropagation()}
            >
              {row.propertyName}
            </Link>
            {compact && (
              <Typography variant="caption" color="text.secondary" noWrap>
                Held {formatMoney(row.balance, row.currency)} · Arrears{' '}
                <ArrearsText amount={row.arrears} currency={row.currency} />
              </Typography>
            )}
          </StackedCell>
        ),
      },
      { field: 'ownerName', headerName: 'Owner', flex: 1, minWidth: 140 },
      { field: 'currency', headerName: 'Currency', width: 100 },
      {
        field: 'balance',
        headerName: 'Balance held',
        width: 150,
        type: 'number',
        valueFormatter: (value: number, row) => formatMoney(value, row.currency),
      },
      {
        field: 'arrears',
        headerName: 'Arrears',
        width: 140,
        type: 'number',
        renderCell: ({ row }) => <ArrearsText amount={row.arrears} currency={row.currency} />,
      },
      {
        field: 'lastPaymentDate',
        headerName: 'Last payment',
        width: 140,
        valueFormatter: (value: string | null) => (value ? formatDay(value) : '—'),
      },
    ],
    [compact, pathOf],
  );
  const columnVisibilityModel: GridColumnVisibilityModel = {
    ownerName: !compact,
    currency: !compact,
    balance: !compact,
    arrears: !compact,
    lastPaymentDate: !compact,
  };
  const currencies = enabled.data?.currencies ?? [];

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Property accounts"
        subtitle="Money held for each owner, what tenants owe, and each property's statement."
        actions={
          canMoveMoney(user?.role) && currencies.length > 0 ? (
            <Button variant="outlined" onClick={() => setRecordingInterest(true)}>
              Record deposit interest
            </Button>
          ) : undefined
        }
      />
      {recordingInterest && (
        <DepositInterestDialog open currencies={currencies} onClose={() => setRecordingInterest(false)} />
      )}
      <FilterBar
        search={{
          label: 'Search property accounts',
          value: search,
          onChange: setSearch,
          placeholder: 'Property or owner',
        }}
        widths={['180px']}
      >
        {currencies.length > 0 && (
          <CurrencyField
            value={currency}
            currencies={currencies}
            onChange={setCurrency}
            allLabel="All currencies"
          />
        )}
      </FilterBar>
      <ServerDataGrid
        aria-label="Property accounts"
        list={accounts}
        columns={columns}
        state={list.grid}
        columnVisibilityModel={columnVisibilityModel}
        onRowClick={({ row }: GridRowParams<PropertyAccountRow>) => void navigate(pathOf(row))}
        empty={{
          title: isFiltered ? 'No property accounts match your search' : 'No property accounts yet',
          text: isFiltered
            ? 'Try other words, or clear the filters.'
            : 'Accounts appear once rent is received on a property.',
          action: isFiltered ? (
            <Button
              variant="outlined"
              onClick={() => {
                setSearch('');
                setCurrency('');
              }}
            >
              Clear filters
            </Button>
          ) : undefined,
        }}
      />
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import TransferIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  formatMoney,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type Property,
  type PropertyStatus,
  type PropertyType,
} from '@lintel/contracts';
import { actionsColumn } from '../../../components/actions-column.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { canEditProperties } from '../../../lib/roles.ts';
import { useAuth } from '../../../session/index.ts';
import { usePageSize } from '../../profile/index.ts';
import { useDeleteProperty, usePropertyList, type PropertyListQuery } from '../api.ts';
import { PropertyFormDialog } from '../components/PropertyFormDialog.tsx';
import { TransferDialog } from '../components/TransferDialog.tsx';
import { STATUS_COLORS, STATUS_LABELS, TYPE_LABELS } from '../property-labels.ts';

/** Grid columns the server can sort by; their field names are the API's `sort` keys. */
const SORTABLE = ['name', 'address', 'type', 'status', 'rentAmount'];

const ROW_ACTIONS = [
  { kind: 'form', label: 'Edit', tooltip: 'Edit', Icon: EditIcon },
  { kind: 'transfer', label: 'Transfer', tooltip: 'Transfer to another owner', Icon: TransferIcon },
  { kind: 'delete', label: 'Delete', tooltip: 'Delete', Icon: DeleteIcon, isDestructive: true },
] as const;

type DialogState =
  | { kind: 'form'; property: Property | null }
  | { kind: 'transfer'; property: Property }
  | { kind: 'delete'; property: Property };

/**
 * The properties list for every dashboard. What a role may do mirrors PRODUCT.md and the server
 * exactly: SPEC's client ends the session on any 403, so nothing the server refuses is offered.
 */
export function PropertiesPage() {
  const { user } = useAuth();
  const role = user?.role;
  const isOwner = role === 'owner';
  const canAdd = canEditProperties(role);
  const canChange = (property: Property) =>
    role === 'admin' || (role === 'agent' && property.agentId !== null && property.agentId === user?._id);

  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const widest = useMediaQuery(theme.breakpoints.up('xl'));

  const [status, setStatus] = useState<PropertyStatus | ''>('');
  const [type, setType] = useState<PropertyType | ''>('');
  const list = useGridQueryState({
    sortable: SORTABLE,
    initialSort: [{ field: 'name', sort: 'asc' }],
    filters: [status, type],
    // Starts at the user's saved rows-per-page (Settings) until they pick another size here.
    defaultPageSize: usePageSize(null),
  });
  const { search, setSearch, q } = list;
  const query: PropertyListQuery = {
    ...list.query,
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
  };
  const properties = usePropertyList(query);
  const isFiltered = Boolean(q || status || type);

  const deleteProperty = useDeleteProperty();

  const { dialog, dialogOpen, dialogKey, openDialog, closeDialog, forgetDialog, dialogError, confirmWith } =
    useDialogState<DialogState>();

  const handleDelete = (property: Property) =>
    confirmWith(async () => {
      await deleteProperty.mutateAsync(property);
      // The last row of a later page: step back rather than show an empty page.
      list.afterRemoval(properties.data?.data.length ?? 0);
    }, 'The property could not be deleted. Please try again.');

  const columns = useMemo<GridColDef<Property>[]>(() => {
    const all: GridColDef<Property>[] = [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1.4,
        minWidth: 160,
        renderCell: ({ row }) => (
          <StackedCell>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {row.name}
            </Typography>
            {compact && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {STATUS_LABELS[row.status]} · {formatMoney(row.rentAmount, row.currency)}
              </Typography>
            )}
          </StackedCell>
        ),
      },
      { field: 'address', headerName: 'Address', flex: 1.2, minWidth: 150 },
      {
        field: 'type',
        headerName: 'Type',
        width: 110,
        valueFormatter: (value: PropertyType) => TYPE_LABELS[value],
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 150,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            label={STATUS_LABELS[row.status]}
            color={STATUS_COLORS[row.status]}
            variant="outlined"
          />
        ),
      },
      {
        field: 'ownerName',
        headerName: 'Owner',
        flex: 0.8,
        minWidth: 120,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'agentName',
        headerName: 'Agent',
        flex: 0.8,
        minWidth: 120,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'rentAmount',
        headerName: 'Rent',
        width: 120,
        type: 'number',
        valueFormatter: (value: number, row) => formatMoney(value, row.currency),
      },
    ];
    if (canAdd) {
      all.push(
        actionsColumn({
          width: 132,
          actionsOf: (row) =>
            canChange(row)
              ? ROW_ACTIONS.map(({ kind, label, ...action }) => ({
                  ...action,
                  label: `${label} ${row.name}`,
                  onClick: () => openDialog({ kind, property: row }),
                }))
              : [],
        }),
      );
    }
    return all;
    // canChange reads role and user id only; both are in the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canAdd, compact, role, user?._id]);

  // Phones keep the name (with status and rent under it) and the actions; the rest appear as
  // the content area (beside the 280 px side area from md up) grows wide enough to hold them.
  const columnVisibilityModel: GridColumnVisibilityModel = {
    address: wide,
    type: widest,
    status: !compact,
    ownerName: wide && !isOwner,
    agentName: widest || (wide && !canAdd),
    rentAmount: !compact,
  };

  const addButton = canAdd && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => openDialog({ kind: 'form', property: null })}
    >
      Add property
    </Button>
  );

  return (
    <Stack spacing={2}>
      <PageHeader
        title={isOwner ? 'My properties' : 'Properties'}
        subtitle={
          isOwner ? 'The properties the agency manages for you.' : 'Search, sort and manage the portfolio.'
        }
        actions={addButton}
      />

      <FilterBar
        search={{
          label: 'Search properties',
          value: search,
          onChange: setSearch,
          placeholder: 'Name or address',
        }}
        widths={['180px', '160px']}
      >
        <FilterSelect label="Status" allLabel="All statuses" value={status} onChange={setStatus}>
          {optionItems(PROPERTY_STATUSES, STATUS_LABELS)}
        </FilterSelect>
        <FilterSelect label="Type" allLabel="All types" value={type} onChange={setType}>
          {optionItems(PROPERTY_TYPES, TYPE_LABELS)}
        </FilterSelect>
      </FilterBar>

      <ServerDataGrid
        aria-label={isOwner ? 'My properties' : 'Properties'}
        list={properties}
        columns={columns}
        state={list.grid}
        columnVisibilityModel={columnVisibilityModel}
        empty={{
          title: isFiltered ? 'No properties match your search' : 'No properties yet',
          text: isFiltered
            ? 'Try other words, or clear the filters.'
            : canAdd
              ? 'Add the first property to start managing it here.'
              : isOwner
                ? 'Properties the agency manages for you will show here.'
                : 'Properties will show here once the agency adds them.',
          action: isFiltered ? (
            <Button
              variant="outlined"
              onClick={() => {
                setSearch('');
                setStatus('');
                setType('');
              }}
            >
              Clear filters
            </Button>
          ) : (
            addButton
          ),
        }}
      />

      {dialog?.kind === 'form' && (
        <PropertyFormDialog
          key={dialogKey}
          open={dialogOpen}
          property={dialog.property}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
      {dialog?.kind === 'transfer' && (
        <TransferDialog
          key={dialogKey}
          open={dialogOpen}
          property={dialog.property}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open={dialogOpen}
          title={`Delete ${dialog.property.name}?`}
          message={
            <>
              <strong>{dialog.property.name}</strong> at {dialog.property.address} will be removed for
              everyone in the company. This cannot be undone.
            </>
          }
          confirmLabel="Delete"
          destructive
          busy={deleteProperty.isPending}
          error={dialogError}
          onConfirm={() => void handleDelete(dialog.property)}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
    </Stack>
  );
}

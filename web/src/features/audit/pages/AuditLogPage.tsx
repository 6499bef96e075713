import { useMemo, useState } from 'react';
import type { GridColDef, GridColumnVisibilityModel, GridRowParams } from '@mui/x-data-grid';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { AUDIT_RANGE_INVALID, type AuditLogEntry } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { useAuditFacets, useAuditLog, type AuditListQuery } from '../api.ts';
import { actorLabel, endOfLocalDay, formatTime, startOfLocalDay } from '../audit-labels.ts';
import { AuditEntryDialog } from '../components/AuditEntryDialog.tsx';

const EMPTY_FILTERS = { actorId: '', entity: '', action: '', from: '', to: '' };
type Filters = typeof EMPTY_FILTERS;

/** The admin's record of every change in the company, newest first (issue 5). */
export function AuditLogPage() {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));

  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const setFilter = (name: keyof Filters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [name]: event.target.value }));
  const isRangeBackwards = Boolean(filters.from && filters.to && filters.from > filters.to);

  // Newest first, always: the server does not sort the log by anything else.
  const list = useGridQueryState({ filters: [filters] });
  const { search, setSearch, q } = list;
  const query: AuditListQuery = {
    ...list.query,
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.entity ? { entity: filters.entity } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    // Days are the admin's own: sent as the instants that bound them in this browser's time zone.
    ...(filters.from ? { from: startOfLocalDay(filters.from) } : {}),
    ...(filters.to ? { to: endOfLocalDay(filters.to) } : {}),
  };
  const log = useAuditLog(query, !isRangeBackwards);
  const facets = useAuditFacets();
  const isFiltered = Boolean(q || Object.values(filters).some(Boolean));

  const [selected, setSelected] = useState<AuditLogEntry | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openEntry = (entry: AuditLogEntry) => {
    setSelected(entry);
    setDialogOpen(true);
  };

  const columns = useMemo<GridColDef<AuditLogEntry>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: 'Time',
        // On phones the time column carries the action and user too, so it takes the width.
        ...(compact ? { flex: 1, minWidth: 150 } : { width: 190 }),
        sortable: false,
        renderCell: ({ row }) => (
          <StackedCell>
            <Typography variant="body2" noWrap component="time" dateTime={row.createdAt}>
              {formatTime(row.createdAt)}
            </Typography>
            {compact && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.action} · {actorLabel(row)}
              </Typography>
            )}
          </StackedCell>
        ),
      },
      {
        field: 'actorName',
        headerName: 'User',
        flex: 0.9,
        minWidth: 130,
        sortable: false,
        valueGetter: (_value, row) => actorLabel(row),
      },
      { field: 'action', headerName: 'Action', flex: 1, minWidth: 150, sortable: false },
      { field: 'entity', headerName: 'Entity', flex: 0.6, minWidth: 100, sortable: false },
      {
        field: 'entityId',
        headerName: 'Entity id',
        flex: 1.2,
        minWidth: 150,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'view',
        headerName: 'Details',
        width: 80,
        sortable: false,
        filterable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Tooltip title="Change details">
            <IconButton
              aria-label={`View ${row.action}`}
              onClick={(event) => {
                // The row's own click would open it a second time.
                event.stopPropagation();
                openEntry(row);
              }}
            >
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [compact],
  );

  // Phones keep the time (with action and user under it) and the button; wider screens add the rest.
  const columnVisibilityModel: GridColumnVisibilityModel = {
    actorName: !compact,
    action: !compact,
    entity: !compact,
    entityId: wide,
  };

  // Labels stay up and the empty choice shows its "All …" text, so an unfiltered select reads as such.
  const selectProps = {
    select: true,
    size: 'small',
    fullWidth: true,
    slotProps: { inputLabel: { shrink: true }, select: { displayEmpty: true } },
  } as const;

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Audit log"
        subtitle="Every change in the company: who made it, when, and what it changed."
      />

      <Box
        role="search"
        aria-label="Audit log filters"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            xl: 'minmax(200px, 1.4fr) repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        <SearchField
          label="Search"
          value={search}
          onChange={setSearch}
          placeholder="Action, entity or user"
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        />
        <TextField {...selectProps} label="User" value={filters.actorId} onChange={setFilter('actorId')}>
          <MenuItem value="">All users</MenuItem>
          {(facets.data?.actors ?? []).map((actor) => (
            <MenuItem key={actor._id} value={actor._id}>
              {actor.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...selectProps} label="Entity" value={filters.entity} onChange={setFilter('entity')}>
          <MenuItem value="">All entities</MenuItem>
          {(facets.data?.entities ?? []).map((entity) => (
            <MenuItem key={entity} value={entity}>
              {entity}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...selectProps} label="Action" value={filters.action} onChange={setFilter('action')}>
          <MenuItem value="">All actions</MenuItem>
          {(facets.data?.actions ?? []).map((action) => (
            <MenuItem key={action} value={action}>
              {action}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="From"
          type="date"
          size="small"
          value={filters.from}
          onChange={setFilter('from')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={filters.to}
          onChange={setFilter('to')}
          error={isRangeBackwards}
          helperText={isRangeBackwards ? AUDIT_RANGE_INVALID : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
        />
      </Box>

      <ServerDataGrid
        aria-label="Audit log"
        list={log}
        columns={columns}
        state={list.grid}
        columnVisibilityModel={columnVisibilityModel}
        onRowClick={(params: GridRowParams<AuditLogEntry>) => openEntry(params.row)}
        error={log.error ?? facets.error}
        onRetry={() => {
          void log.refetch();
          void facets.refetch();
        }}
        isQueried={!isRangeBackwards}
        empty={{
          title: 'No audit entries match these filters',
          text: isFiltered
            ? 'Try another user, entity, action or dates, or clear the filters.'
            : 'Changes will show here as people work.',
          action: isFiltered && (
            <Button
              variant="outlined"
              onClick={() => {
                setSearch('');
                setFilters(EMPTY_FILTERS);
              }}
            >
              Clear filters
            </Button>
          ),
        }}
      />

      {selected && (
        <AuditEntryDialog
          key={selected._id}
          entry={selected}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          onExited={() => setSelected(null)}
        />
      )}
    </Stack>
  );
}

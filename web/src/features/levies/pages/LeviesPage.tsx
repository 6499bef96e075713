import { useMemo, useState } from 'react';
import type { GridColDef, GridColumnVisibilityModel, GridRowParams } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { formatMoney, type LevySchedule } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDay } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import { canEditLevies, canReadLevies, useLevySchedules } from '../api.ts';
import { DueLevies } from '../components/DueLevies.tsx';
import { LevyFormDialog } from '../components/LevyFormDialog.tsx';

/** /accountant-dashboard/levies: body corporate levies per property, and paying this month's. */
export function LeviesPage() {
  const { user } = useAuth();
  if (!canReadLevies(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Levies" />
        <Alert severity="info">Levies are kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <LevyWorkspace canEdit={canEditLevies(user?.role)} />;
}

/** The schedule being edited (null: a new one), while its dialog is shown. */
interface Editing {
  schedule: LevySchedule | null;
  open: boolean;
}

function LevyWorkspace({ canEdit }: { canEdit: boolean }) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const list = useGridQueryState();
  const schedules = useLevySchedules(list.query);
  const [editing, setEditing] = useState<Editing | null>(null);

  const columns = useMemo<GridColDef<LevySchedule>[]>(
    () => [
      {
        field: 'propertyName',
        headerName: 'Property',
        flex: 1.2,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <StackedCell>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {row.propertyName}
            </Typography>
            {compact && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.bodyCorporate} · {formatMoney(row.amount, row.currency)} a month
              </Typography>
            )}
          </StackedCell>
        ),
      },
      { field: 'bodyCorporate', headerName: 'Body corporate', flex: 1, minWidth: 150, sortable: false },
      {
        field: 'amount',
        headerName: 'Monthly',
        width: 130,
        type: 'number',
        sortable: false,
        valueFormatter: (value: number, row) => formatMoney(value, row.currency),
      },
      {
        field: 'startDate',
        headerName: 'From',
        width: 130,
        sortable: false,
        valueFormatter: (value: string) => formatDay(value),
      },
      {
        field: 'endDate',
        headerName: 'To',
        width: 130,
        sortable: false,
        valueFormatter: (value: string | null) => (value ? formatDay(value) : 'Ongoing'),
      },
      {
        field: 'contact',
        headerName: 'Contact',
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
    ],
    [compact],
  );
  const columnVisibilityModel: GridColumnVisibilityModel = {
    bodyCorporate: !compact,
    amount: !compact,
    startDate: !compact,
    endDate: !compact,
    contact: !compact,
  };
  const addButton = canEdit && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setEditing({ schedule: null, open: true })}
    >
      Add levy
    </Button>
  );

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Levies"
        subtitle="Body corporate levies per property, paid out of each property's account."
        actions={addButton}
      />
      <DueLevies />
      <Stack component="section" aria-labelledby="levy-schedules" spacing={2}>
        <Typography id="levy-schedules" variant="h6" component="h2">
          Schedules
        </Typography>
        <SearchField
          label="Search levies"
          value={list.search}
          onChange={list.setSearch}
          placeholder="Property or body corporate"
        />
        <ServerDataGrid
          aria-label="Levy schedules"
          list={schedules}
          columns={columns}
          state={list.grid}
          columnVisibilityModel={columnVisibilityModel}
          {...(canEdit
            ? {
                onRowClick: ({ row }: GridRowParams<LevySchedule>) =>
                  setEditing({ schedule: row, open: true }),
              }
            : {})}
          empty={{
            title: list.q ? 'No levies match your search' : 'No levies yet',
            text: list.q
              ? 'Try other words.'
              : 'Add the body corporate levy of a property to pay it each month.',
            action: list.q ? undefined : addButton || undefined,
          }}
        />
      </Stack>
      {editing && (
        <LevyFormDialog
          key={editing.schedule?._id ?? 'new'}
          open={editing.open}
          schedule={editing.schedule}
          onClose={() => setEditing({ ...editing, open: false })}
          onExited={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

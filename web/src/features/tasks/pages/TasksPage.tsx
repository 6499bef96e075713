import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Task, TaskStatus } from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { canUseTasks, fetchTask, useDeleteTask, useTasks, useUpdateTask } from '../api.ts';
import { TaskBoard } from '../components/TaskBoard.tsx';
import { TaskDue } from '../components/TaskDue.tsx';
import { TaskFormDialog } from '../components/TaskFormDialog.tsx';
import { TaskLinkButton } from '../components/TaskLinkButton.tsx';
import { TASK_PRIORITY_COLORS, TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '../task-labels.ts';

/** The board shows one page this large: a team's open work fits, and the list pages through the rest. */
const BOARD_SIZE = 100;
const SORTABLE = ['title', 'dueDate', 'createdAt'];

/**
 * /admin-dashboard/tasks, /agent-dashboard/tasks and /accountant-dashboard/tasks: a board by status
 * and a paged list; `?open=<id>` (a notification's link) opens that task.
 */
export function TasksPage() {
  const { user } = useAuth();
  if (!canUseTasks(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Tasks" />
        <Alert severity="info">Tasks are for your agency&apos;s staff.</Alert>
      </Stack>
    );
  }
  return <TaskWorkspace />;
}

function TaskWorkspace() {
  const { user } = useAuth();
  const [view, setView] = useState<'board' | 'list'>('board');
  const [isMineOnly, setMineOnly] = useState(false);
  const list = useGridQueryState({
    sortable: SORTABLE,
    initialSort: [{ field: 'dueDate', sort: 'asc' }],
    filters: [isMineOnly],
  });
  const mine = isMineOnly ? { mine: true } : {};
  const board = useTasks(
    { pageSize: BOARD_SIZE, ...mine, ...(list.q ? { q: list.q } : {}) },
    view === 'board',
  );
  const rows = useTasks({ ...list.query, ...mine }, view === 'list');
  const form = useDialogState<{ task: Task | null }>();
  const removal = useDialogState<Task>();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [moveError, setMoveError] = useState<string | null>(null);

  // A notification's link: open the task it names, once.
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('open');
  const { openDialog } = form;
  useEffect(() => {
    if (!openId) return;
    setSearchParams({}, { replace: true });
    fetchTask(openId).then(
      (task) => openDialog({ task }),
      (error: unknown) => setMoveError(toApiError(error, 'That task could not be opened.').message),
    );
  }, [openId, openDialog, setSearchParams]);

  const handleMove = (task: Task, to: TaskStatus) => {
    setMoveError(null);
    update.mutate(
      { id: task._id, body: { status: to, __v: task.__v } },
      { onError: (error) => setMoveError(toApiError(error, 'The task could not be moved.').message) },
    );
  };

  const handleDelete = () => {
    if (!removal.dialog) return;
    remove.mutate(removal.dialog._id, {
      onSuccess: () => {
        list.afterRemoval(rows.data?.data.length ?? 0);
        removal.closeDialog();
      },
      onError: (error) => removal.setDialogError(toApiError(error, 'The task could not be deleted.').message),
    });
  };

  const openRemoval = removal.openDialog;
  const columns = useMemo<GridColDef<Task>[]>(
    () => [
      {
        field: 'title',
        headerName: 'Title',
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Link
            component="button"
            type="button"
            underline="hover"
            sx={{ fontWeight: 500, textAlign: 'left' }}
            onClick={() => openDialog({ task: row })}
          >
            {row.title}
          </Link>
        ),
      },
      { field: 'dueDate', headerName: 'Due', width: 190, renderCell: ({ row }) => <TaskDue task={row} /> },
      {
        field: 'priority',
        headerName: 'Priority',
        width: 100,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={TASK_PRIORITY_COLORS[row.priority]}
            label={TASK_PRIORITY_LABELS[row.priority]}
          />
        ),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 110,
        sortable: false,
        valueFormatter: (value: TaskStatus) => TASK_STATUS_LABELS[value],
      },
      {
        field: 'assigneeName',
        headerName: 'Assignee',
        width: 150,
        sortable: false,
        valueGetter: (_value, row) => row.assigneeName ?? 'Unassigned',
      },
      {
        field: 'link',
        headerName: 'About',
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (row.link ? <TaskLinkButton link={row.link} /> : null),
      },
      {
        field: 'actions',
        headerName: '',
        width: 56,
        sortable: false,
        renderCell: ({ row }) =>
          row.canDelete ? (
            <IconButton aria-label={`Delete ${row.title}`} size="small" onClick={() => openRemoval(row)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          ) : null,
      },
    ],
    [openDialog, openRemoval],
  );

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Tasks"
        subtitle={
          user?.role === 'admin'
            ? 'Every task in the agency.'
            : 'Tasks you created or that are assigned to you.'
        }
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog({ task: null })}>
            Add task
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <SearchField
          label="Search tasks"
          value={list.search}
          onChange={list.setSearch}
          placeholder="Title"
          sx={{ flex: '1 1 220px' }}
        />
        <FormControlLabel
          control={<Switch checked={isMineOnly} onChange={(event) => setMineOnly(event.target.checked)} />}
          label="Assigned to me"
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: 'board' | 'list' | null) => next && setView(next)}
          aria-label="View"
        >
          <ToggleButton value="board">Board</ToggleButton>
          <ToggleButton value="list">List</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <ErrorAlert message={moveError} />
      {view === 'board' ? (
        board.isPending ? (
          <CircularProgress aria-label="Loading tasks" />
        ) : board.error ? (
          <ErrorAlert message={toApiError(board.error, 'The tasks could not be loaded.').message} />
        ) : (
          <TaskBoard
            tasks={board.data.data}
            onOpen={(task) => openDialog({ task })}
            onMove={handleMove}
            movingId={update.isPending ? update.variables.id : undefined}
          />
        )
      ) : (
        <ServerDataGrid
          aria-label="Tasks"
          list={rows}
          columns={columns}
          state={list.grid}
          empty={{
            title: list.q || isMineOnly ? 'No tasks match' : 'No tasks yet',
            text:
              list.q || isMineOnly
                ? 'Try other words, or show everyone’s tasks.'
                : 'Add a task to get started.',
          }}
        />
      )}
      {form.dialog && (
        <TaskFormDialog
          key={form.dialogKey}
          open={form.dialogOpen}
          task={form.dialog.task}
          onClose={form.closeDialog}
          onExited={form.forgetDialog}
        />
      )}
      <ConfirmDialog
        open={removal.dialogOpen}
        title="Delete task?"
        message={removal.dialog ? `“${removal.dialog.title}” will be deleted for everyone.` : ''}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={removal.dialogError}
        onConfirm={handleDelete}
        onClose={removal.closeDialog}
        onExited={removal.forgetDialog}
      />
    </Stack>
  );
}

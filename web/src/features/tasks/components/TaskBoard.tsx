import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TASK_STATUSES, type Task, type TaskStatus } from '@lintel/contracts';
import { TASK_PRIORITY_COLORS, TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '../task-labels.ts';
import { TaskDue } from './TaskDue.tsx';
import { TaskLinkButton } from './TaskLinkButton.tsx';

export interface TaskBoardProps {
  tasks: Task[];
  onOpen: (task: Task) => void;
  onMove: (task: Task, to: TaskStatus) => void;
  /** The task being moved: its buttons wait. */
  movingId?: string | undefined;
}

/** Three columns by status; each card moves one column left or right with buttons (no dragging). */
export function TaskBoard({ tasks, onOpen, onMove, movingId }: TaskBoardProps) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {TASK_STATUSES.map((status, column) => {
        const inColumn = tasks.filter((task) => task.status === status);
        const label = TASK_STATUS_LABELS[status];
        return (
          <Paper
            key={status}
            component="section"
            aria-label={label}
            variant="outlined"
            sx={{ p: 1.5, bgcolor: 'background.default' }}
          >
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {label}{' '}
              <Typography component="span" color="text.secondary">
                ({inColumn.length})
              </Typography>
            </Typography>
            <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {inColumn.length === 0 && (
                <Typography component="li" variant="body2" color="text.secondary">
                  No tasks here.
                </Typography>
              )}
              {inColumn.map((task) => {
                const previous = TASK_STATUSES[column - 1];
                const next = TASK_STATUSES[column + 1];
                const busy = movingId === task._id;
                return (
                  <Paper
                    key={task._id}
                    component="li"
                    aria-label={task.title}
                    sx={{
                      p: 1.5,
                      borderLeft: 4,
                      borderColor: task.isOverdue ? 'error.main' : 'divider',
                    }}
                  >
                    <Link
                      component="button"
                      type="button"
                      underline="hover"
                      onClick={() => onOpen(task)}
                      sx={{ fontWeight: 600, textAlign: 'left', display: 'block' }}
                    >
                      {task.title}
                    </Link>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
                      <TaskDue task={task} />
                      <Chip
                        size="small"
                        variant="outlined"
                        color={TASK_PRIORITY_COLORS[task.priority]}
                        label={TASK_PRIORITY_LABELS[task.priority]}
                      />
                    </Box>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {task.assigneeName ? `Assigned to ${task.assigneeName}` : 'Unassigned'}
                    </Typography>
                    {task.link && <TaskLinkButton link={task.link} />}
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1, gap: 1 }}>
                      {previous ? (
                        <Button
                          size="small"
                          startIcon={<ArrowBackIcon />}
                          disabled={busy}
                          onClick={() => onMove(task, previous)}
                          aria-label={`Move ${task.title} to ${TASK_STATUS_LABELS[previous]}`}
                        >
                          {TASK_STATUS_LABELS[previous]}
                        </Button>
                      ) : (
                        <span />
                      )}
                      {next && (
                        <Button
                          size="small"
                          endIcon={<ArrowForwardIcon />}
                          disabled={busy}
                          onClick={() => onMove(task, next)}
                          aria-label={`Move ${task.title} to ${TASK_STATUS_LABELS[next]}`}
                        >
                          {TASK_STATUS_LABELS[next]}
                        </Button>
                      )}
                    </Box>
                  </Paper>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
    </Box>
  );
}

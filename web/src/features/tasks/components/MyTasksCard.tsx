import { Link as RouterLink } from 'react-router';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { canUseTasks, TASKS_PAGE, useTasks } from '../api.ts';
import { TASK_STATUS_LABELS } from '../task-labels.ts';
import { TaskDue } from './TaskDue.tsx';

const TITLE = 'My tasks';

/** Dashboard card: the signed-in user's open tasks, overdue first (the server's order). */
export function MyTasksCard() {
  const { user } = useAuth();
  const enabled = canUseTasks(user?.role);
  const { data, error, isPending } = useTasks({ mine: true, open: true, pageSize: 8 }, enabled);
  if (!enabled) return null;
  const page = TASKS_PAGE[user?.role ?? 'other'] ?? '/dashboard';
  return (
    <Paper component="section" aria-label={TITLE} variant="outlined" sx={{ p: 2.5, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <TaskAltIcon aria-hidden color="primary" />
        <Typography variant="h6" component="h2">
          {TITLE}
        </Typography>
      </Box>
      {isPending ? (
        <CircularProgress size={24} aria-label="Loading my tasks" />
      ) : error ? (
        <ErrorAlert message={toApiError(error, 'Your tasks could not be loaded.').message} />
      ) : data.data.length === 0 ? (
        <Typography color="text.secondary">Nothing to do: no open tasks are assigned to you.</Typography>
      ) : (
        <List dense disablePadding>
          {data.data.map((task) => (
            <ListItem key={task._id} disableGutters sx={{ display: 'block' }}>
              <Link component={RouterLink} to={`${page}?open=${task._id}`} sx={{ fontWeight: 500 }}>
                {task.title}
              </Link>
              <Typography variant="body2" color="text.secondary" component="div">
                {TASK_STATUS_LABELS[task.status]} · <TaskDue task={task} />
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ mt: 2 }}>
        <Button component={RouterLink} to={page} size="small">
          All tasks
        </Button>
      </Box>
    </Paper>
  );
}

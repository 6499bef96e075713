import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Task } from '@lintel/contracts';
import { formatDay } from '../../../lib/format.ts';

/** The due date; red with an "Overdue" label when it has passed and the task is not done. */
export function TaskDue({ task }: { task: Pick<Task, 'dueDate' | 'isOverdue'> }) {
  if (!task.dueDate) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        No due date
      </Typography>
    );
  }
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color: task.isOverdue ? 'error.main' : 'text.secondary', fontWeight: task.isOverdue ? 600 : 400 }}
    >
      Due {formatDay(task.dueDate)}
      {task.isOverdue && <Chip label="Overdue" color="error" size="small" sx={{ ml: 1, height: 20 }} />}
    </Typography>
  );
}

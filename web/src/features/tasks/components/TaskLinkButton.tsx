import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TaskLink } from '@lintel/contracts';
import { useAuth } from '../../../session/index.ts';
import { linkTarget } from '../api.ts';
import { TASK_LINK_LABELS } from '../task-labels.ts';

/** What the task is about, opening it where the role has a page for it. */
export function TaskLinkButton({ link }: { link: TaskLink }) {
  const { user } = useAuth();
  const to = linkTarget(user?.role, link);
  const label = `Open linked ${TASK_LINK_LABELS[link.type].toLowerCase()}`;
  return to ? (
    <Link component={RouterLink} to={to} variant="body2" onClick={(event) => event.stopPropagation()}>
      {label}
    </Link>
  ) : (
    <Typography variant="body2" color="text.secondary" component="span">
      {TASK_LINK_LABELS[link.type]}
    </Typography>
  );
}

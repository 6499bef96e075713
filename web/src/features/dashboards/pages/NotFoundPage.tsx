import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { homeFor } from '../../../lib/roles.ts';
import { useAuth } from '../../../session/index.ts';

export function NotFoundPage() {
  const { user, isAuthenticated } = useAuth();
  const home = isAuthenticated && user ? homeFor(user.role) : '/';
  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: 'auto', mt: { xs: 2, sm: 6 }, textAlign: 'center' }}>
      <Typography color="primary" sx={{ fontWeight: 700, fontSize: 48, lineHeight: 1 }} aria-hidden>
        404
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </Typography>
      <Button component={RouterLink} to={home} variant="contained">
        {isAuthenticated ? 'Go to your dashboard' : 'Go to the home page'}
      </Button>
    </Paper>
  );
}

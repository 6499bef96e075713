import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BrandMark } from './BrandMark.tsx';

/** The sign-in and sign-up screens: the name on top, one centred card on the page background. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  maxWidth = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        bgcolor: 'background.default',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 4, sm: 6 },
      }}
    >
      <Link
        component={RouterLink}
        to="/"
        underline="none"
        aria-label="Lintel home"
        sx={{ mb: 3, borderRadius: 1 }}
      >
        <BrandMark size="large" />
      </Link>
      <Paper sx={{ width: '100%', maxWidth, p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
      {footer && (
        <Box sx={{ mt: 3, maxWidth, width: '100%', textAlign: 'center', display: 'grid', gap: 1 }}>
          {footer}
        </Box>
      )}
    </Box>
  );
}

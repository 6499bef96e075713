import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BrandMark } from './BrandMark.tsx';

/** "Already have an account? Sign in": a question, and the page that answers it. */
export interface AuthLink {
  prompt: string;
  to: string;
  label: string;
}

function AuthLinkText({ prompt, to, label }: AuthLink) {
  return (
    <>
      {prompt}{' '}
      <Link component={RouterLink} to={to}>
        {label}
      </Link>
    </>
  );
}

/** The sign-in and sign-up screens: the name on top, one centred card on the page background. */
export function AuthCard({
  title,
  subtitle,
  children,
  links = [],
  linksInline = false,
  maxWidth = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: where else to go, one a line (or together on one line, joined by a dot). */
  links?: readonly AuthLink[];
  linksInline?: boolean;
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
      {links.length > 0 && (
        <Box sx={{ mt: 3, maxWidth, width: '100%', textAlign: 'center', display: 'grid', gap: 1 }}>
          {linksInline ? (
            <Typography variant="body2">
              {links.map((link, index) => (
                <Fragment key={link.to}>
                  {index > 0 && ' · '}
                  <AuthLinkText {...link} />
                </Fragment>
              ))}
            </Typography>
          ) : (
            links.map((link) => (
              <Typography key={link.to} variant="body2">
                <AuthLinkText {...link} />
              </Typography>
            ))
          )}
        </Box>
      )}
    </Box>
  );
}

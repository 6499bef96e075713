import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** One headline number with its name, a line of context, an icon and the page behind it. */
export function KpiCard({
  label,
  value,
  caption,
  icon,
  link,
  loading = false,
}: {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  icon?: ReactNode;
  /** The page that explains the number, e.g. arrears → property accounts. */
  link?: { to: string; label: string };
  loading?: boolean;
}) {
  return (
    <Paper
      component="section"
      aria-label={label}
      sx={{ p: { xs: 2, sm: 2.5 }, height: '100%', display: 'flex', gap: 2 }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography
          component="p"
          sx={{
            fontSize: { xs: 22, sm: 28 },
            fontWeight: 700,
            lineHeight: 1.3,
            mt: 0.5,
            overflowWrap: 'anywhere',
          }}
        >
          {loading ? <Skeleton width={64} role="status" aria-label="Loading" /> : value}
        </Typography>
        {(caption || loading) && (
          // Its place is kept while the figures load, two lines of it on a phone (where a
          // caption usually wraps), so the cards below do not move when the figures arrive.
          <Typography variant="body2" color="text.secondary" sx={{ minHeight: { xs: '2lh', sm: 0 } }}>
            {loading ? <Skeleton width="80%" /> : caption}
          </Typography>
        )}
        {link && (
          <Link
            component={RouterLink}
            to={link.to}
            variant="body2"
            sx={{
              mt: 'auto',
              pt: 1,
              fontWeight: 600,
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              alignSelf: 'flex-start',
            }}
          >
            {link.label}
            <ArrowForwardIcon aria-hidden sx={{ fontSize: 16 }} />
          </Link>
        )}
      </Box>
      {icon && (
        <Box
          aria-hidden
          sx={{
            width: 44,
            height: 44,
            flexShrink: 0,
            borderRadius: 2,
            display: { xs: 'none', sm: 'grid' },
            placeItems: 'center',
            bgcolor: 'rgba(25, 118, 210, 0.1)',
            color: 'primary.main',
          }}
        >
          {icon}
        </Box>
      )}
    </Paper>
  );
}

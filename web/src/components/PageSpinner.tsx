import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function PageSpinner({ label }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 10 }}>
      <CircularProgress aria-label={label ?? 'Loading'} />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Lintel wordmark: a lintel (the beam over a doorway) drawn as a mark, then the name. */
export function BrandMark({
  tone = 'dark',
  size = 'medium',
}: {
  tone?: 'dark' | 'light';
  size?: 'medium' | 'large';
}) {
  const mark = size === 'large' ? 40 : 32;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        aria-hidden
        sx={{
          width: mark,
          height: mark,
          borderRadius: 1.5,
          bgcolor: tone === 'light' ? '#fff' : 'primary.main',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <svg width={mark * 0.6} height={mark * 0.6} viewBox="0 0 24 24" fill="none">
          <rect x="2" y="4" width="20" height="4" rx="1" fill={tone === 'light' ? '#1976d2' : '#fff'} />
          <rect x="5" y="8" width="3" height="12" rx="0.5" fill={tone === 'light' ? '#1976d2' : '#fff'} />
          <rect x="16" y="8" width="3" height="12" rx="0.5" fill={tone === 'light' ? '#1976d2' : '#fff'} />
        </svg>
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: size === 'large' ? 28 : 22,
          letterSpacing: 0.3,
          color: tone === 'light' ? '#fff' : 'text.primary',
        }}
      >
        Lintel
      </Typography>
    </Box>
  );
}

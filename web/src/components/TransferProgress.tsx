import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TransferProgress as Progress } from '../lib/http.ts';

const UNITS = ['bytes', 'KB', 'MB', 'GB'];

/** 1536 → "1.5 KB": a size as people read it (one decimal from KB up). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/**
 * A bar for a long transfer (PRODUCT.md: long work shows progress). Before any byte has moved it
 * runs without a measure and says `waiting` (e.g. while the server builds a PDF); then it shows
 * the bytes moved, and the share of the whole when the length is known.
 */
export function TransferProgress({
  progress,
  waiting,
  verb,
}: {
  progress: Progress | null;
  waiting: string;
  /** What is happening to the bytes: "Received", "Uploaded". */
  verb: string;
}) {
  const loaded = progress?.loaded ?? 0;
  const total = progress?.total;
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : undefined;
  const text =
    loaded === 0
      ? waiting
      : total
        ? `${verb} ${formatBytes(loaded)} of ${formatBytes(total)} (${percent}%)`
        : `${verb} ${formatBytes(loaded)}`;
  return (
    <Box role="status" sx={{ width: '100%' }}>
      <LinearProgress
        aria-label={text}
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}

import Chip from '@mui/material/Chip';
import type { PropertyStatus } from '@lintel/contracts';
import { humanize } from '../property-stats.ts';

// Tinted chips with dark text: every pair reads at better than 4.5:1.
const COLORS: Record<PropertyStatus, { bgcolor: string; color: string }> = {
  available: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  occupied: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  under_maintenance: { bgcolor: '#fff3e0', color: '#7a3e00' },
  inactive: { bgcolor: '#eeeeee', color: '#424242' },
};

export function PropertyStatusChip({ status }: { status: PropertyStatus }) {
  return <Chip size="small" label={humanize(status)} sx={{ ...COLORS[status], fontWeight: 600 }} />;
}

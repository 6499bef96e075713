import type { PropertyCounts } from '@lintel/contracts';

export type OccupancyStatus = Exclude<keyof PropertyCounts, 'total' | 'occupancyRateBp'>;

/**
 * Properties by status, on every chart of them: let in the app's blue, vacant (rent lost) in the
 * warm orange of overdue arrears, being repaired purple, off the market grey. Blue beside orange
 * stays apart for red-green colour blindness; each is at least 3:1 on white (WCAG non-text).
 */
export const OCCUPANCY_COLORS: Record<OccupancyStatus, string> = {
  occupied: '#1565c0',
  available: '#e65100',
  underMaintenance: '#7b1fa2',
  inactive: '#78909c',
};

import type { AgingBucket } from '@lintel/contracts';

/** Arrears by age, from "not yet late" to "long overdue": the later, the warmer (grey to red). */
export const AGING_COLORS: Record<AgingBucket, string> = {
  current: '#90a4ae',
  days1to30: '#ffb74d',
  days31to60: '#fb8c00',
  days61to90: '#e65100',
  days90plus: '#b71c1c',
};

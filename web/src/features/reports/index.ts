export { AGING_COLORS } from './aging-colors.ts';
export { OCCUPANCY_COLORS } from './occupancy-colors.ts';

export { AGING_COLORS } from './aging-colors.ts';

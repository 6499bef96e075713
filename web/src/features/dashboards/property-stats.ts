import type { Property } from '@lintel/contracts';

export interface PropertyStats {
  total: number;
  occupied: number;
  available: number;
}

export const statsOf = (properties: readonly Property[]): PropertyStats => ({
  total: properties.length,
  occupied: properties.filter((property) => property.status === 'occupied').length,
  available: properties.filter((property) => property.status === 'available').length,
});

/** Whole percent of properties let: a display figure, not money. */
export const occupancyRate = ({ total, occupied }: PropertyStats) =>
  total === 0 ? null : Math.round((occupied / total) * 100);

/** 'under_maintenance' → 'Under maintenance'. */
export const humanize = (value: string) => {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

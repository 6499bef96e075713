import { formatPercent, type PropertyCounts } from '@lintel/contracts';

/** The occupancy rate, or a dash with no lettable property. */
export const formatOccupancy = (counts: PropertyCounts) =>
  counts.occupancyRateBp === null ? '—' : formatPercent(counts.occupancyRateBp, 1);

/** "6 of 8 lettable let": what the rate is made of (inactive properties are not lettable). */
export function occupancyCaption(counts: PropertyCounts): string {
  const lettable = counts.total - counts.inactive;
  return lettable === 0 ? 'No lettable property yet' : `${counts.occupied} of ${lettable} lettable let`;
}

/** 'under_maintenance' → 'Under maintenance'. */
export const humanize = (value: string) => {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

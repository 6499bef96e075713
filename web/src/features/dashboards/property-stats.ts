import type { PropertyCounts } from '@lintel/contracts';

/** Basis points as a percent with at most one decimal: 7500 → '75%', 6667 → '66.7%'. */
export function formatPercentBp(bp: number): string {
  const tenths = Math.round(bp / 10);
  const decimal = tenths % 10;
  return `${Math.trunc(tenths / 10)}${decimal === 0 ? '' : `.${Math.abs(decimal)}`}%`;
}

/** The occupancy rate, or a dash with no lettable property. */
export const formatOccupancy = (counts: PropertyCounts) =>
  counts.occupancyRateBp === null ? '—' : formatPercentBp(counts.occupancyRateBp);

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

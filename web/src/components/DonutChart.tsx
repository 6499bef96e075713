import Box from '@mui/material/Box';
import { ChartLegend } from './chart-parts.tsx';

const RING = 0.45;

/**
 * Shares of a whole as a ring, with its legend below (the ring keeps its size in a narrow card).
 * One image named by `label`; each slice carries its figure as a tooltip, and the figures should
 * also be given as text.
 */
export function DonutChart({
  label,
  height,
  slices,
}: {
  label: string;
  height: number;
  /** `text` is the value as the tooltip says it; `legend` the slice's line in the legend (its label by default). */
  slices: readonly { label: string; value: number; color: string; text?: string; legend?: string }[];
}) {
  const total = slices.reduce((sum, slice) => sum + Math.max(0, slice.value), 0);
  const outer = height / 2 - 2;
  // Drawn as dashes of one thick circle: a slice is a dash as long as its share of the circumference.
  const radius = outer * (1 - RING / 2);
  const circumference = 2 * Math.PI * radius;
  // A hair of a gap between slices, when there is more than one.
  const gap = slices.filter((slice) => slice.value > 0).length > 1 ? 1.5 : 0;
  // Where each slice starts along the circle: the lengths of those before it.
  const lengths = slices.map((slice) => (total > 0 ? (Math.max(0, slice.value) / total) * circumference : 0));
  const starts = lengths.map((_, index) => lengths.slice(0, index).reduce((sum, length) => sum + length, 0));
  return (
    <Box sx={{ minWidth: 0 }}>
      <svg
        role="img"
        aria-label={label}
        width="100%"
        height={height}
        viewBox={`${-height / 2} ${-height / 2} ${height} ${height}`}
      >
        <g transform="rotate(-90)">
          {slices.map((slice, index) => {
            const length = lengths[index]!;
            if (length === 0) return null;
            return (
              <circle
                key={index}
                r={radius}
                fill="none"
                stroke={slice.color}
                strokeWidth={outer * RING}
                strokeDasharray={`${Math.max(0.5, length - gap)} ${circumference}`}
                strokeDashoffset={-starts[index]!}
              >
                <title>{`${slice.label}: ${slice.text ?? slice.value.toLocaleString()}`}</title>
              </circle>
            );
          })}
        </g>
      </svg>
      <ChartLegend
        items={slices.map((slice) => ({ label: slice.legend ?? slice.label, color: slice.color }))}
      />
    </Box>
  );
}

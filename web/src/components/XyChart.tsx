import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { CHAR_WIDTH, ChartLegend, FONT_SIZE, niceTicks, seriesColor, useWidth } from './chart-parts.tsx';

export interface XySeries {
  label: string;
  /** One value per category, in the categories' order. */
  data: readonly number[];
  color?: string;
  /** A value as its tooltip says it (money with its currency); the plain number otherwise. */
  format?: (value: number) => string;
}

const TOP = 8;
const RIGHT = 8;
/** Room under the plot for the category labels. */
const BOTTOM = 24;

/**
 * Values by category as bars (side by side, or stacked) or as a line, in SVG drawn to its box's
 * width. The chart is one image named by `label`; each bar or point carries its figure as a
 * tooltip. Its figures should also be given as text (a ChartDataTable or a table beside it).
 */
export function XyChart<Category extends string>({
  label,
  kind = 'bar',
  height,
  categories,
  categoryLabel = (category) => category,
  categoryColors,
  series,
  stacked = false,
  area = false,
  valueTick = (value) => value.toLocaleString(),
  integerTicks = false,
  axisWidth = 56,
  hideLegend = series.length < 2,
}: {
  label: string;
  kind?: 'bar' | 'line';
  /** The plot's height; a legend goes below it. */
  height: number;
  categories: readonly Category[];
  /** A category's name: short under the axis ('tick'), in full in a tooltip. */
  categoryLabel?: (category: Category, where: 'tick' | 'full') => string;
  /** One colour per category, for a single series whose categories have colours of their own. */
  categoryColors?: readonly string[];
  series: readonly XySeries[];
  stacked?: boolean;
  /** Lines only: the area under each line filled. */
  area?: boolean;
  valueTick?: (value: number) => string;
  integerTicks?: boolean;
  axisWidth?: number;
  hideLegend?: boolean;
}) {
  const { palette } = useTheme();
  const [ref, width] = useWidth();
  const colorOf = (index: number) => series[index]?.color ?? seriesColor(index);

  // Each category's top (and bottom) of each series: stacked ones start where the one before ended.
  const spans = categories.map((_, category) => {
    let up = 0;
    let down = 0;
    return series.map((line) => {
      const value = line.data[category] ?? 0;
      if (!stacked) return { from: 0, to: value };
      const from = value >= 0 ? up : down;
      if (value >= 0) up += value;
      else down += value;
      return { from, to: from + value };
    });
  });
  const ends = spans.flat().flatMap((span) => [span.from, span.to]);
  const ticks = niceTicks(Math.min(0, ...ends), Math.max(1, ...ends), 4, integerTicks);
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;

  const plotWidth = Math.max(0, width - axisWidth - RIGHT);
  const plotHeight = height - TOP - BOTTOM;
  const y = (value: number) => TOP + plotHeight - ((value - low) / (high - low || 1)) * plotHeight;
  // Bars sit in equal bands; a line's points on their centres, or spread edge to edge.
  const band = plotWidth / Math.max(1, categories.length);
  const x =
    kind === 'bar' || categories.length < 2
      ? (index: number) => axisWidth + band * (index + 0.5)
      : (index: number) => axisWidth + (plotWidth / (categories.length - 1)) * index;
  const tickLabels = categories.map((category) => categoryLabel(category, 'tick'));
  const longestTick = Math.max(1, ...tickLabels.map((text) => text.length)) * CHAR_WIDTH + 8;
  const spacing = kind === 'bar' ? band : plotWidth / Math.max(1, categories.length - 1);
  // Every n-th label when they would overlap (a year of months on a phone). A line's first label
  // reaches a whole width to its right (it is kept inside the plot), the others half of one.
  const labelRoom = kind === 'line' ? longestTick * 1.5 : longestTick;
  const labelEvery = Math.max(1, Math.ceil(labelRoom / Math.max(1, spacing)));

  // A line's first and last labels sit at the plot's edges: kept inside it.
  const lineEnd = (index: number) =>
    kind === 'bar' || categories.length < 2
      ? 'middle'
      : index === 0
        ? 'start'
        : index === categories.length - 1
          ? 'end'
          : 'middle';

  const tooltip = (category: number, line: XySeries) =>
    `${categoryLabel(categories[category]!, 'full')}, ${line.label}: ${(line.format ?? ((value: number) => value.toLocaleString()))(line.data[category] ?? 0)}`;

  const barWidth = (band * 0.7) / (stacked ? 1 : Math.max(1, series.length));
  const bars = series.flatMap((line, index) =>
    categories.map((_, category) => {
      const span = spans[category]![index]!;
      const left = x(category) - band * 0.35 + (stacked ? 0 : barWidth * index);
      const top = y(Math.max(span.from, span.to));
      return (
        <rect
          key={`${index}-${category}`}
          x={left}
          y={top}
          width={Math.max(1, barWidth - (stacked || series.length < 2 ? 0 : 2))}
          height={Math.max(0, y(Math.min(span.from, span.to)) - top)}
          rx={2}
          fill={categoryColors?.[category] ?? colorOf(index)}
        >
          <title>{tooltip(category, line)}</title>
        </rect>
      );
    }),
  );
  const lines = series.map((line, index) => {
    const points = categories.map((_, category) => `${x(category)},${y(spans[category]![index]!.to)}`);
    const base = categories
      .map((_, category) => `${x(category)},${y(spans[category]![index]!.from)}`)
      .reverse();
    return (
      <g key={line.label}>
        {area && <polygon points={[...points, ...base].join(' ')} fill={colorOf(index)} fillOpacity={0.2} />}
        <polyline points={points.join(' ')} fill="none" stroke={colorOf(index)} strokeWidth={2} />
        {categories.map((_, category) => (
          <circle
            key={category}
            cx={x(category)}
            cy={y(spans[category]![index]!.to)}
            r={3}
            // Many points are drawn as the line alone; each still shows its figure under the pointer.
            fill={categories.length > 12 ? 'transparent' : colorOf(index)}
          >
            <title>{tooltip(category, line)}</title>
          </circle>
        ))}
      </g>
    );
  });

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box ref={ref} sx={{ height }}>
        {width > 0 && (
          <svg role="img" aria-label={label} width={width} height={height} fontSize={FONT_SIZE}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={axisWidth} x2={width - RIGHT} y1={y(tick)} y2={y(tick)} stroke={palette.divider} />
                <text
                  x={axisWidth - 6}
                  y={y(tick)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fill={palette.text.secondary}
                >
                  {valueTick(tick)}
                </text>
              </g>
            ))}
            {kind === 'bar' ? bars : lines}
            <line x1={axisWidth} x2={width - RIGHT} y1={y(0)} y2={y(0)} stroke={palette.text.secondary} />
            {tickLabels.map((text, index) =>
              index % labelEvery === 0 ? (
                <text
                  key={index}
                  x={x(index)}
                  y={height - BOTTOM + 16}
                  textAnchor={lineEnd(index)}
                  fill={palette.text.secondary}
                >
                  {text}
                </text>
              ) : null,
            )}
          </svg>
        )}
      </Box>
      {!hideLegend && (
        <ChartLegend items={series.map((line, index) => ({ label: line.label, color: colorOf(index) }))} />
      )}
    </Box>
  );
}

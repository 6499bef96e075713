import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import { theme } from '../app/theme.ts';

/**
 * Series colours when a chart is not given its own: the theme's primary and secondary first, then
 * darker hues, each over 3:1 on white (WCAG 1.4.11 for graphics).
 */
const { palette } = theme;
export const SERIES_COLORS = [
  palette.primary.main,
  palette.secondary.main,
  palette.success.main,
  palette.warning.main,
  '#5e35b1',
  '#00796b',
] as const;
export const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;

/** The size of chart text in px, and a rough width of one of its characters (to space labels). */
export const FONT_SIZE = 12;
export const CHAR_WIDTH = 7;

/** Without ResizeObserver (jsdom) a chart is drawn at this width. */
const UNMEASURED_WIDTH = 480;

/** The width of the element the ref is attached to, following it as the page resizes (0 until measured). */
export function useWidth(): [ref: (element: HTMLElement | null) => (() => void) | undefined, width: number] {
  const [width, setWidth] = useState(() => (typeof ResizeObserver === 'undefined' ? UNMEASURED_WIDTH : 0));
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** About `count` round steps from `low` to `high` (both included in the range): an axis's ticks. */
export function niceTicks(low: number, high: number, count = 4, integers = false): number[] {
  if (high <= low) return [low];
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    integers ? 1 : 0,
    ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power,
  );
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick < high + step; tick += step) {
    ticks.push(Math.round(tick * 1e6) / 1e6);
    if (tick >= high) break;
  }
  return ticks;
}

/** `text` cut to about `width` px, with an ellipsis when cut. */
export function fitText(text: string, width: number): string {
  const room = Math.max(1, Math.floor(width / CHAR_WIDTH));
  return text.length <= room ? text : `${text.slice(0, Math.max(1, room - 1))}…`;
}

/** The colour key of a chart: a swatch and a name per series, wrapping on a narrow screen. */
export function ChartLegend({ items }: { items: readonly { label: string; color: string }[] }) {
  return (
    <Box
      component="ul"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        columnGap: 2,
        rowGap: 0.5,
        listStyle: 'none',
        m: 0,
        mt: 1,
        p: 0,
        typography: 'body2',
      }}
    >
      {items.map((item, index) => (
        <Box component="li" key={index} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: item.color, flexShrink: 0 }}
          />
          {item.label}
        </Box>
      ))}
    </Box>
  );
}

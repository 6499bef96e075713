import { lazy, Suspense, type ComponentType } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { LineChartProps } from '@mui/x-charts/LineChart';
import type { PieChartProps } from '@mui/x-charts/PieChart';
import { useNearView } from './use-near-view.ts';

/** A legend sits outside the chart's `height`: one line of it and its gap (it can wrap on a phone). */
const LEGEND_ROOM = 28;

/**
 * A MUI X chart as a chunk of its own, fetched and drawn when it comes near the screen: the charts
 * are the largest code in the app, and a page's first paint need not wait for them, nor for those
 * below the fold. Until then a placeholder of the chart's height holds its place, so nothing moves.
 */
function lazyChart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Chart = lazy(async () => ({ default: await load() }));
  return function LazyChart(props: Props & { height: number; hideLegend?: boolean }) {
    const placeholderHeight = props.height + (props.hideLegend ? 0 : LEGEND_ROOM);
    const [placeholderRef, near] = useNearView();
    if (!near) return <Skeleton ref={placeholderRef} variant="rounded" height={placeholderHeight} />;
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={placeholderHeight} />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const LazyBarChart = lazyChart<BarChartProps>(() =>
  import('@mui/x-charts/BarChart').then((module) => module.BarChart),
);
export const LazyLineChart = lazyChart<LineChartProps>(() =>
  import('@mui/x-charts/LineChart').then((module) => module.LineChart),
);
export const LazyPieChart = lazyChart<PieChartProps>(() =>
  import('@mui/x-charts/PieChart').then((module) => module.PieChart),
);

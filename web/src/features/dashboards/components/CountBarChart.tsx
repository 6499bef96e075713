import { ChartDataTable } from '../../../components/ChartDataTable.tsx';
import { LazyBarChart } from '../../../components/lazy-charts.tsx';

export interface CountItem {
  label: string;
  count: number;
}

const ROW_HEIGHT = 34;

/** Counts as horizontal bars, one row per label (long labels read well on a phone), plus a table for screen readers. */
export function CountBarChart({
  caption,
  items,
  color = '#1976d2',
  labelWidth = 110,
}: {
  caption: string;
  items: readonly CountItem[];
  color?: string;
  labelWidth?: number;
}) {
  const longest = Math.max(0, ...items.map((item) => item.count));
  return (
    <>
      <LazyBarChart
        layout="horizontal"
        height={60 + items.length * ROW_HEIGHT}
        hideLegend
        margin={{ left: 0, right: 16 }}
        yAxis={[{ scaleType: 'band', data: items.map((item) => item.label), width: labelWidth }]}
        // Room past the longest bar for its count.
        xAxis={[{ tickMinStep: 1, max: Math.max(1, Math.ceil(longest * 1.2)) }]}
        series={[
          {
            label: caption,
            data: items.map((item) => item.count),
            color,
            barLabel: 'value',
            barLabelPlacement: 'outside',
          },
        ]}
      />
      <ChartDataTable
        caption={caption}
        head={['', 'Count']}
        rows={items.map((item) => [item.label, item.count.toLocaleString()])}
      />
    </>
  );
}

import { ChartDataTable } from '../../../components/ChartDataTable.tsx';
import { seriesColor } from '../../../components/chart-parts.tsx';
import { HorizontalBarChart } from '../../../components/HorizontalBarChart.tsx';

export interface CountItem {
  label: string;
  count: number;
}

/** Counts as horizontal bars, one row per label (long labels read well on a phone), plus a table for screen readers. */
export function CountBarChart({
  caption,
  items,
  color = seriesColor(0),
  labelWidth = 110,
}: {
  caption: string;
  items: readonly CountItem[];
  color?: string;
  labelWidth?: number;
}) {
  return (
    <>
      <HorizontalBarChart label={caption} items={items} color={color} labelWidth={labelWidth} />
      <ChartDataTable
        caption={caption}
        head={['', 'Count']}
        rows={items.map((item) => [item.label, item.count.toLocaleString()])}
      />
    </>
  );
}

import { ChartDataTable } from '../../../components/ChartDataTable.tsx';
import type { CountItem } from './CountBarChart.tsx';
import { DonutChart } from '../../../components/DonutChart.tsx';

export interface PieItem extends CountItem {
  color: string;
}

/** Shares of a whole as a ring; the legend names each share with its count, and a table repeats them for screen readers. */
export function CountPieChart({
  caption,
  items,
  height = 260,
}: {
  caption: string;
  items: readonly PieItem[];
  height?: number;
}) {
  const shown = items.filter((item) => item.count > 0);
  return (
    <>
      <DonutChart
        label={caption}
        height={height}
        slices={shown.map((item) => ({
          label: item.label,
          value: item.count,
          color: item.color,
          legend: `${item.label} (${item.count})`,
        }))}
      />
      <ChartDataTable
        caption={caption}
        head={['', 'Count']}
        rows={items.map((item) => [item.label, item.count.toLocaleString()])}
      />
    </>
  );
}

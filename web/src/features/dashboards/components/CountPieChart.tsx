import { ChartDataTable } from '../../../components/ChartDataTable.tsx';
import type { CountItem } from './CountBarChart.tsx';
import { LazyPieChart } from '../../../components/lazy-charts.tsx';

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
      <LazyPieChart
        height={height}
        series={[
          {
            data: shown.map((item) => ({
              id: item.label,
              value: item.count,
              label: `${item.label} (${item.count})`,
              color: item.color,
            })),
            innerRadius: '55%',
            paddingAngle: 1,
            cornerRadius: 3,
          },
        ]}
        // Below the ring, so the ring keeps its size in a narrow card.
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
        }}
      />
      <ChartDataTable
        caption={caption}
        head={['', 'Count']}
        rows={items.map((item) => [item.label, item.count.toLocaleString()])}
      />
    </>
  );
}

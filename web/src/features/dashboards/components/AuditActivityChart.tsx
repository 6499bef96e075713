import Typography from '@mui/material/Typography';
import { ChartDataTable } from '../../../components/ChartDataTable.tsx';
import { shortDay } from '../../../lib/format.ts';
import { XyChart } from '../../../components/XyChart.tsx';

/** Audit entries per day as a line, the busiest day in words, and every day as a table for screen readers. */
export function AuditActivityChart({ days }: { days: readonly { day: string; count: number }[] }) {
  const busiest = days.reduce<{ day: string; count: number } | null>(
    (top, day) => (top === null || day.count > top.count ? day : top),
    null,
  );
  return (
    <>
      <XyChart
        label="Audit entries per day"
        kind="line"
        area
        height={200}
        categories={days.map((day) => day.day)}
        categoryLabel={shortDay}
        integerTicks
        axisWidth={48}
        series={[{ label: 'Entries', data: days.map((day) => day.count), color: '#5e35b1' }]}
      />
      {busiest && busiest.count > 0 && (
        <Typography variant="body2" color="text.secondary">
          Busiest day: {shortDay(busiest.day)}, {busiest.count.toLocaleString()} entries.
        </Typography>
      )}
      <ChartDataTable
        caption="Audit entries per day"
        head={['Day', 'Entries']}
        rows={days.map((day) => [shortDay(day.day), day.count.toLocaleString()])}
      />
    </>
  );
}

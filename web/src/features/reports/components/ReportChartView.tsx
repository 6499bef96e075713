import Box from '@mui/material/Box';
import type { Report, ReportChart, ReportKind, ReportValueType } from '@lintel/contracts';
import { AGING_COLORS } from '../aging-colors.ts';
import { OCCUPANCY_COLORS } from '../occupancy-colors.ts';
import { formatReportValue } from '../report-format.ts';
import { DonutChart } from '../../../components/DonutChart.tsx';
import { seriesColor } from '../../../components/chart-parts.tsx';
import { XyChart } from '../../../components/XyChart.tsx';

const HEIGHT = 300;

/**
 * Series with a meaning of their own wear its colours, as on the dashboards: aging buckets the
 * severity palette (90+ days is red), property statuses the occupancy one; others the theme's.
 */
const SERIES_COLORS: Partial<Record<ReportKind, Record<string, string>>> = {
  arrears: AGING_COLORS,
  occupancy: OCCUPANCY_COLORS,
};

/** The chart the report's own spec asks for, over its rows, values formatted like its columns. */
export function ReportChartView({ report, chart }: { report: Report; chart: ReportChart }) {
  const typeOf = (key: string): ReportValueType =>
    report.columns.find((column) => column.key === key)?.type ?? 'count';
  const format = (key: string) => (value: number) =>
    formatReportValue(Math.round(value), typeOf(key), report.currency);
  const labels = report.rows.map((row) =>
    formatReportValue(row[chart.xKey] ?? null, typeOf(chart.xKey), report.currency),
  );
  const valuesOf = (key: string) => report.rows.map((row) => Number(row[key] ?? 0));
  const firstKey = chart.series[0]?.key ?? chart.xKey;
  const name = `${report.title} chart`;

  const plot =
    chart.type === 'pie' ? (
      <DonutChart
        label={name}
        height={HEIGHT}
        slices={report.rows.map((row, index) => {
          const value = Number(row[firstKey] ?? 0);
          return { label: labels[index]!, value, color: seriesColor(index), text: format(firstKey)(value) };
        })}
      />
    ) : (
      <XyChart
        label={name}
        kind={chart.type}
        height={HEIGHT}
        categories={labels}
        // One stack for all series when the spec says so; none otherwise.
        stacked={chart.stacked}
        area={chart.stacked}
        valueTick={format(firstKey)}
        axisWidth={96}
        hideLegend={false}
        series={chart.series.map((series, index) => ({
          label: series.label,
          data: valuesOf(series.key),
          color: SERIES_COLORS[report.report]?.[series.key] ?? seriesColor(index),
          format: format(series.key),
        }))}
      />
    );
  return (
    <Box role="figure" aria-label={name}>
      {plot}
    </Box>
  );
}

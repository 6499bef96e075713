import Box from '@mui/material/Box';
import type { Report, ReportChart, ReportKind, ReportValueType } from '@lintel/contracts';
import { AGING_COLORS } from '../aging-colors.ts';
import { OCCUPANCY_COLORS } from '../occupancy-colors.ts';
import { formatReportValue } from '../report-format.ts';
import { LazyBarChart, LazyLineChart, LazyPieChart } from '../../../components/lazy-charts.tsx';

const HEIGHT = 300;

/**
 * Series with a meaning of their own wear its colours, as on the dashboards: aging buckets the
 * severity palette (90+ days is red), property statuses the occupancy one; others the theme's.
 */
const SERIES_COLORS: Partial<Record<ReportKind, Record<string, string>>> = {
  arrears: AGING_COLORS,
  occupancy: OCCUPANCY_COLORS,
};
const seriesColor = (kind: ReportKind, key: string) => {
  const color = SERIES_COLORS[kind]?.[key];
  return color ? { color } : {};
};

/** The chart the report's own spec asks for, over its rows, values formatted like its columns. */
export function ReportChartView({ report, chart }: { report: Report; chart: ReportChart }) {
  const typeOf = (key: string): ReportValueType =>
    report.columns.find((column) => column.key === key)?.type ?? 'count';
  const format = (key: string) => (value: number | null) =>
    formatReportValue(value === null ? null : Math.round(value), typeOf(key), report.currency);
  const labels = report.rows.map((row) =>
    formatReportValue(row[chart.xKey] ?? null, typeOf(chart.xKey), report.currency),
  );
  const valuesOf = (key: string) => report.rows.map((row) => Number(row[key] ?? 0));
  const firstKey = chart.series[0]?.key ?? chart.xKey;
  // One stack for all series when the spec says so; none otherwise.
  const stack = chart.stacked ? 'total' : undefined;
  const yAxis = [{ valueFormatter: format(firstKey), width: 96 }];

  let plot;
  if (chart.type === 'pie') {
    plot = (
      <LazyPieChart
        height={HEIGHT}
        series={[
          {
            data: report.rows.map((row, index) => ({
              id: index,
              label: labels[index],
              value: Number(row[firstKey] ?? 0),
            })),
            innerRadius: 48,
            valueFormatter: ({ value }) => format(firstKey)(value),
          },
        ]}
      />
    );
  } else if (chart.type === 'line') {
    plot = (
      <LazyLineChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'point', data: labels }]}
        yAxis={yAxis}
        series={chart.series.map((series) => ({
          label: series.label,
          data: valuesOf(series.key),
          stack,
          area: chart.stacked,
          valueFormatter: format(series.key),
          ...seriesColor(report.report, series.key),
        }))}
      />
    );
  } else {
    plot = (
      <LazyBarChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={yAxis}
        series={chart.series.map((series) => ({
          label: series.label,
          data: valuesOf(series.key),
          stack,
          valueFormatter: format(series.key),
          ...seriesColor(report.report, series.key),
        }))}
      />
    );
  }
  return (
    <Box role="figure" aria-label={`${report.title} chart`}>
      {plot}
    </Box>
  );
}

import { formatMoney } from '@lintel/contracts';
import { ChartDataTable } from '../../../components/ChartDataTable.tsx';
import { formatMonth, moneyTick, shortMonth } from '../../../lib/format.ts';
import { LazyBarChart } from '../../../components/lazy-charts.tsx';

export interface MoneySeries {
  label: string;
  /** One amount in minor units per month, in the months' order. */
  values: readonly number[];
  color: string;
}

/** True when no series has money in any month: the card shows a line instead of a flat chart. */
export const hasNoMoney = (series: readonly MoneySeries[]) =>
  series.every((line) => line.values.every((amount) => amount === 0));

/** Money per month as bars (side by side for several series), with the figures as a table for screen readers. */
export function MonthlyMoneyChart({
  caption,
  months,
  series,
  currency,
  height,
}: {
  caption: string;
  /** 'YYYY-MM', oldest first. */
  months: readonly string[];
  series: readonly MoneySeries[];
  currency: string;
  height: number;
}) {
  const money = (amount: number | null) => formatMoney(amount ?? 0, currency);
  return (
    <>
      <LazyBarChart
        height={height}
        hideLegend={series.length < 2}
        margin={{ left: 0, right: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            data: [...months],
            valueFormatter: (month: string, context) =>
              context.location === 'tick' ? shortMonth(month) : formatMonth(month),
          },
        ]}
        yAxis={[{ valueFormatter: (value: number) => moneyTick(value, currency), width: 56 }]}
        series={series.map((line) => ({
          label: line.label,
          data: [...line.values],
          color: line.color,
          valueFormatter: money,
        }))}
      />
      <ChartDataTable
        caption={caption}
        head={['Month', ...series.map((line) => line.label)]}
        rows={months.map((month, index) => [
          formatMonth(month),
          ...series.map((line) => money(line.values[index] ?? 0)),
        ])}
      />
    </>
  );
}

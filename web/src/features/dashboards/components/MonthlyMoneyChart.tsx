import { formatMoney } from '@lintel/contracts';
import { ChartDataTable } from '../../../components/ChartDataTable.tsx';
import { formatMonth, moneyTick, shortMonth } from '../../../lib/format.ts';
import { XyChart } from '../../../components/XyChart.tsx';

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
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <>
      <XyChart
        label={caption}
        height={height}
        categories={months}
        categoryLabel={(month, where) => (where === 'tick' ? shortMonth(month) : formatMonth(month))}
        valueTick={(value) => moneyTick(value, currency)}
        series={series.map((line) => ({
          label: line.label,
          data: line.values,
          color: line.color,
          format: money,
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

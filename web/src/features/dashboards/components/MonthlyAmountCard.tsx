import type { ReactNode } from 'react';
import type { MonthlyAmount } from '@lintel/contracts';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { hasNoMoney, MonthlyMoneyChart, type MoneySeries } from './MonthlyMoneyChart.tsx';

// As tall as the card beside it on large screens (arrears by age, the latest statement).
const HEIGHT = 320;

/** One amount per month as bars, e.g. an agent's commission or an owner's rent received. */
export function MonthlyAmountCard({
  title,
  subtitle = 'The last 12 months',
  seriesLabel,
  color,
  months,
  currency,
  loading,
  emptyText,
  action,
}: {
  title: string;
  subtitle?: string;
  seriesLabel: string;
  color: string;
  months: readonly MonthlyAmount[] | undefined;
  currency: string | undefined;
  loading: boolean;
  /** Said instead of a flat chart when no month has money. */
  emptyText: string;
  action?: ReactNode;
}) {
  const series: MoneySeries[] = [
    { label: seriesLabel, values: months?.map((month) => month.amount) ?? [], color },
  ];
  return (
    <ChartCard
      title={title}
      subtitle={subtitle}
      action={action}
      loading={loading || !months || !currency}
      emptyText={months && hasNoMoney(series) ? emptyText : null}
      height={HEIGHT}
    >
      {months && currency && (
        <MonthlyMoneyChart
          caption={title}
          months={months.map((month) => month.month)}
          series={series}
          currency={currency}
          height={HEIGHT}
        />
      )}
    </ChartCard>
  );
}

import type { ReactNode } from 'react';
import type { MonthlyIncome } from '@lintel/contracts';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { seriesColor } from '../../../components/chart-parts.tsx';
import { hasNoMoney, MonthlyMoneyChart, type MoneySeries } from './MonthlyMoneyChart.tsx';

const TITLE = 'Income by month';
// As tall as the arrears card beside it on large screens.
const HEIGHT = 330;

/**
 * The income report's twelve months as bars: income collected (rent and other income only) and
 * the commission taken from it, beside the deposits and owner top-ups received, which are money
 * held for tenants and owners, not income.
 */
export function IncomeByMonthCard({
  months,
  currency,
  loading,
  action,
}: {
  months: readonly MonthlyIncome[] | undefined;
  currency: string | undefined;
  loading: boolean;
  action?: ReactNode;
}) {
  const series: MoneySeries[] = [
    {
      label: 'Collected income',
      values: months?.map((month) => month.collected) ?? [],
      color: seriesColor(0),
    },
    { label: 'Commission', values: months?.map((month) => month.commission) ?? [], color: '#00897b' },
    { label: 'Deposits', values: months?.map((month) => month.deposits) ?? [], color: '#6d4c41' },
    { label: 'Owner top-ups', values: months?.map((month) => month.ownerTopUps) ?? [], color: '#8e24aa' },
  ];
  return (
    <ChartCard
      title={TITLE}
      subtitle="The last 12 months"
      action={action}
      loading={loading || !months || !currency}
      emptyText={
        months && hasNoMoney(series)
          ? 'No money received in the last 12 months yet. Recorded payments show here month by month.'
          : null
      }
      height={HEIGHT}
    >
      {months && currency && (
        <MonthlyMoneyChart
          caption={TITLE}
          months={months.map((month) => month.month)}
          series={series}
          currency={currency}
          height={HEIGHT}
        />
      )}
    </ChartCard>
  );
}

import { formatMoney, type OwnerDashboard } from '@lintel/contracts';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { DetailList } from '../../../components/DetailList.tsx';
import { formatMonth } from '../../accounts/index.ts';

/** The owner's last complete month in four figures: opening balance, money in and out, closing balance. */
export function LatestStatementCard({
  statement,
  currency,
  loading,
}: {
  statement: OwnerDashboard['latestStatement'] | undefined;
  currency: string | undefined;
  loading: boolean;
}) {
  const money = (amount: number) => (currency ? formatMoney(amount, currency) : '—');
  return (
    <ChartCard
      title="Latest statement"
      subtitle={statement ? formatMonth(statement.from.slice(0, 7)) : undefined}
      loading={loading || statement === undefined}
      emptyText={statement === null ? 'No statement yet: it follows your first month with the agency.' : null}
      height={160}
    >
      {statement && (
        <DetailList
          items={[
            { label: 'Opening balance', value: money(statement.openingBalance) },
            { label: 'Money in', value: money(statement.moneyIn) },
            { label: 'Money out', value: money(statement.moneyOut) },
            { label: 'Closing balance', value: money(statement.closingBalance) },
          ]}
        />
      )}
    </ChartCard>
  );
}

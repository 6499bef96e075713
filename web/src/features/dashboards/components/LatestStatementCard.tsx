import Typography from '@mui/material/Typography';
import { formatMoney, type OwnerDashboard } from '@lintel/contracts';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { DetailList } from '../../../components/DetailList.tsx';
import { formatMonth } from '../../../lib/format.ts';

/** The owner's last complete month: what was held at its end, and how the month got there. */
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
        <>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, mt: 1 }}>
            Closing balance
          </Typography>
          <Typography component="p" sx={{ fontSize: { xs: 24, sm: 28 }, fontWeight: 700, mb: 2 }}>
            {money(statement.closingBalance)}
          </Typography>
          <DetailList
            items={[
              { label: 'Opening balance', value: money(statement.openingBalance) },
              { label: 'Money in', value: money(statement.moneyIn) },
              { label: 'Money out', value: money(statement.moneyOut) },
            ]}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 'auto', pt: 2 }}>
            What the agency held for you at the end of the month. Any period’s statement is under My
            statement.
          </Typography>
        </>
      )}
    </ChartCard>
  );
}

import type { PropertyCounts } from '@lintel/contracts';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { OCCUPANCY_COLORS } from '../../reports/index.ts';
import { CountPieChart } from './CountPieChart.tsx';

const TITLE = 'Properties by status';

/** The properties split by status as a ring: let, free, being repaired, off the market. */
export function PropertyStatusCard({
  counts,
  loading,
  emptyText = 'No properties yet.',
}: {
  counts: PropertyCounts | undefined;
  loading: boolean;
  emptyText?: string;
}) {
  return (
    <ChartCard
      title={TITLE}
      loading={loading || !counts}
      emptyText={counts?.total === 0 ? emptyText : null}
      height={260}
    >
      {counts && (
        <CountPieChart
          caption={TITLE}
          items={[
            { label: 'Occupied', count: counts.occupied, color: OCCUPANCY_COLORS.occupied },
            { label: 'Available', count: counts.available, color: OCCUPANCY_COLORS.available },
            {
              label: 'Under maintenance',
              count: counts.underMaintenance,
              color: OCCUPANCY_COLORS.underMaintenance,
            },
            { label: 'Inactive', count: counts.inactive, color: OCCUPANCY_COLORS.inactive },
          ]}
        />
      )}
    </ChartCard>
  );
}

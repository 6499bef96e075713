import ApartmentIcon from '@mui/icons-material/Apartment';
import KeyIcon from '@mui/icons-material/Key';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import PieChartIcon from '@mui/icons-material/PieChart';
import Grid from '@mui/material/Grid';
import { KpiCard } from '../../../components/KpiCard.tsx';
import { occupancyRate, type PropertyStats } from '../property-stats.ts';

/** The four property numbers every role's home leads with. */
export function PropertyKpis({
  stats,
  loading,
  totalLabel = 'Properties',
  totalCaption,
}: {
  stats: PropertyStats | undefined;
  loading: boolean;
  totalLabel?: string;
  totalCaption?: string;
}) {
  const rate = stats ? occupancyRate(stats) : null;
  const show = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString());
  const cards = [
    { label: totalLabel, value: show(stats?.total), caption: totalCaption, icon: <ApartmentIcon /> },
    { label: 'Occupied', value: show(stats?.occupied), caption: 'Let to tenants', icon: <KeyIcon /> },
    { label: 'Available', value: show(stats?.available), caption: 'Ready to let', icon: <MeetingRoomIcon /> },
    {
      label: 'Occupancy rate',
      value: rate === null ? '—' : `${rate}%`,
      caption: stats ? `${stats.occupied} of ${stats.total} occupied` : undefined,
      icon: <PieChartIcon />,
    },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 6, lg: 3 }}>
          <KpiCard {...card} loading={loading} />
        </Grid>
      ))}
    </Grid>
  );
}

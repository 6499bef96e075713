import ApartmentIcon from '@mui/icons-material/Apartment';
import PieChartIcon from '@mui/icons-material/PieChart';
import type { PropertyCounts } from '@lintel/contracts';
import { formatOccupancy, occupancyCaption } from '../property-stats.ts';
import type { Kpi } from './KpiGrid.tsx';

/** How many properties, how many let and free, and the occupancy rate: every home with properties leads with these. */
export function propertyKpis(
  counts: PropertyCounts | undefined,
  { totalLabel, link }: { totalLabel: string; link?: Kpi['link'] },
): Kpi[] {
  return [
    {
      label: totalLabel,
      value: counts ? counts.total.toLocaleString() : '—',
      caption: counts && `${counts.occupied} occupied · ${counts.available} available`,
      icon: <ApartmentIcon />,
      link,
    },
    {
      label: 'Occupancy rate',
      value: counts ? formatOccupancy(counts) : '—',
      caption: counts && occupancyCaption(counts),
      icon: <PieChartIcon />,
    },
  ];
}

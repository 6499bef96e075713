import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import type { Property } from '@lintel/contracts';
import { UpcomingCard } from '../../../components/UpcomingCard.tsx';
import { statsOf } from '../property-stats.ts';
import { HomeHeader } from './HomeHeader.tsx';
import { PropertyKpis } from './PropertyKpis.tsx';
import { PropertySummaryList } from './PropertySummaryList.tsx';

/** The home of a role with its own properties (agents, owners): their numbers, the first few, what comes next. */
export function MyPropertiesHome({
  subtitle,
  propertiesPath,
  properties,
  loading,
  error,
  totalLabel,
  totalCaption,
  emptyText,
  upcomingTitle,
  upcoming,
  aside,
  footer,
}: {
  subtitle: string;
  /** The role's full properties page. */
  propertiesPath: string;
  properties: readonly Property[];
  loading: boolean;
  error: string | null;
  totalLabel: string;
  totalCaption: string;
  emptyText?: string;
  /** What is not built yet for this role, if anything. */
  upcomingTitle?: string;
  upcoming?: ReactNode;
  /** A card above the upcoming one, e.g. leases ending soon. */
  aside?: ReactNode;
  /** A full-width section below, e.g. a statement. */
  footer?: ReactNode;
}) {
  return (
    <>
      <HomeHeader subtitle={subtitle} propertiesLink={{ to: propertiesPath, label: 'My properties' }} />
      <PropertyKpis
        stats={error ? undefined : statsOf(properties)}
        loading={loading}
        totalLabel={totalLabel}
        totalCaption={totalCaption}
      />
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <PropertySummaryList
            title="My properties"
            properties={properties}
            loading={loading}
            error={error}
            limit={6}
            emptyText={emptyText}
            action={
              <Button component={RouterLink} to={propertiesPath} size="small">
                View all
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {aside}
          {upcomingTitle && <UpcomingCard title={upcomingTitle}>{upcoming}</UpcomingCard>}
        </Grid>
      </Grid>
      {footer && <Box sx={{ mt: 2 }}>{footer}</Box>}
    </>
  );
}

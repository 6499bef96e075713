import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import type { Property } from '@lintel/contracts';
import { HomeHeader } from './HomeHeader.tsx';
import { PropertySummaryList } from './PropertySummaryList.tsx';

/**
 * The home of a role with its own properties (agents, owners): the heading, their numbers and
 * charts, then the first few properties beside the role's cards.
 */
export function MyPropertiesHome({
  subtitle,
  headerActions,
  propertiesPath,
  properties,
  loading,
  error,
  emptyText,
  figures,
  aside,
  footer,
}: {
  subtitle: string;
  headerActions?: ReactNode;
  /** The role's full properties page. */
  propertiesPath: string;
  properties: readonly Property[];
  loading: boolean;
  error: string | null;
  emptyText?: string;
  /** The dashboard's KPIs and charts, under the heading. */
  figures: ReactNode;
  /** Cards beside the property list, e.g. leases ending soon. */
  aside?: ReactNode;
  /** A full-width section below, e.g. a statement. */
  footer?: ReactNode;
}) {
  return (
    <>
      <HomeHeader
        subtitle={subtitle}
        actions={headerActions}
        propertiesLink={{ to: propertiesPath, label: 'My properties' }}
      />
      {figures}
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
        </Grid>
      </Grid>
      {footer && <Box sx={{ mt: 2 }}>{footer}</Box>}
    </>
  );
}

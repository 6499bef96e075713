import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import ApartmentIcon from '@mui/icons-material/Apartment';
import Button from '@mui/material/Button';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useAuth, useCompany } from '../../../session/index.ts';

export function greeting(now: Date = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/**
 * A role home's heading: "Good morning, Rudo", by the time of day, the home's own controls
 * (`actions`, e.g. the currency) and the way to the role's properties.
 */
export function HomeHeader({
  subtitle,
  actions,
  propertiesLink,
}: {
  subtitle?: ReactNode;
  actions?: ReactNode;
  propertiesLink?: { to: string; label: string };
}) {
  const { user } = useAuth();
  const firstName = user?.firstName.trim();
  return (
    <PageHeader
      title={firstName ? `${greeting()}, ${firstName}` : greeting()}
      subtitle={subtitle}
      actions={
        (actions || propertiesLink) && (
          <>
            {actions}
            {propertiesLink && (
              <Button
                component={RouterLink}
                to={propertiesLink.to}
                variant="contained"
                startIcon={<ApartmentIcon />}
              >
                {propertiesLink.label}
              </Button>
            )}
          </>
        )
      }
    />
  );
}

/**
 * The company's name, or `fallback` until it has loaded, for a home's subtitle. Its own component
 * so the company's arrival redraws this text only, not the home around it; kept beside the header
 * so it adds no chunk of its own.
 */
export function CompanyName({ fallback }: { fallback: string }) {
  const { company } = useCompany();
  return company?.name ?? fallback;
}

import { Link as RouterLink } from 'react-router';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BuildIcon from '@mui/icons-material/Build';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { SECTIONS } from '../../../app/sections.ts';
import { LinkCardGrid } from '../../../components/LinkCard.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { UpcomingCard } from '../../../components/UpcomingCard.tsx';
import { useCompany } from '../../company/CompanyProvider.tsx';
import { EndingLeasesCard } from '../../leases/index.ts';
import { MyTasksCard } from '../../tasks/index.ts';
import { CompanyCard } from '../components/CompanyCard.tsx';
import { CompanyPropertyKpis } from '../components/CompanyPropertyKpis.tsx';
import { HomeHeader } from '../components/HomeHeader.tsx';

const QUICK_LINKS = [
  {
    to: '/admin-dashboard/properties',
    title: 'Properties',
    description: 'Add, edit and transfer the company’s properties.',
    icon: <ApartmentIcon />,
  },
  {
    to: '/admin/users',
    title: 'Users',
    description: SECTIONS.users.description,
    icon: <PeopleIcon />,
  },
  {
    to: '/admin/maintenance',
    title: 'Maintenance',
    description: SECTIONS.maintenance.description,
    icon: <BuildIcon />,
  },
  {
    to: '/admin/payments',
    title: 'Payments',
    description: SECTIONS['admin-payments'].description,
    icon: <PaymentsIcon />,
  },
];

export function AdminHomePage() {
  const { company } = useCompany();
  return (
    <>
      <HomeHeader
        subtitle={`Here is ${company?.name ?? 'your agency'} at a glance.`}
        propertiesLink={{ to: '/admin-dashboard/properties', label: 'Manage properties' }}
      />
      <CompanyPropertyKpis />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <CompanyCard
            action={
              <Button component={RouterLink} to="/admin-dashboard/company" endIcon={<ArrowForwardIcon />}>
                Company profile
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Box component="section" aria-label="Quick links">
            <SectionTitle>Quick links</SectionTitle>
            <LinkCardGrid items={QUICK_LINKS} />
          </Box>
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <MyTasksCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <EndingLeasesCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <UpcomingCard title="Rent and payments">
            Once rent is receipted in Lintel, this page will show rent collected this month, arrears, the
            commission earned and the money held for owners — each figure traceable to its receipts.
          </UpcomingCard>
        </Grid>
      </Grid>
    </>
  );
}

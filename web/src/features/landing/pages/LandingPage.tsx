import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DescriptionIcon from '@mui/icons-material/Description';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HandshakeIcon from '@mui/icons-material/Handshake';
import PaymentsIcon from '@mui/icons-material/Payments';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@lintel/contracts';
import { BrandMark } from '../../../components/BrandMark.tsx';
import { homeFor } from '../../../lib/roles.ts';
import { useAuth } from '../../../session/index.ts';

const NAVY = '#0f2a47';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <DescriptionIcon />,
    title: 'Leases and tenants',
    text: 'Every lease from draft to renewal, one active lease per property, tenants and deposits on file.',
  },
  {
    icon: <PaymentsIcon />,
    title: 'Rent collection',
    text: 'Receipt rent by cash, transfer or mobile money with numbered receipts. Mistakes are reversed, never deleted.',
  },
  {
    icon: <HandshakeIcon />,
    title: 'Commission and levies',
    text: 'Each payment splits commission between agent and agency, with VAT, and pays body-corporate levies from the owner’s account.',
  },
  {
    icon: <FactCheckIcon />,
    title: 'Owner statements',
    text: 'Opening balance, every line, closing balance — on screen, as CSV or PDF. Owners sign in and see their own.',
  },
];

// An illustration in cents: $1,200 rent, 10% commission, 60% of it to the agent, 15% VAT on commission.
const SPLIT: { label: string; cents: number; strong?: boolean }[] = [
  { label: 'Agent’s share of commission', cents: 7_200 },
  { label: 'Agency’s share of commission', cents: 4_800 },
  { label: 'VAT on commission', cents: 1_800 },
  { label: 'Paid to the owner', cents: 106_200, strong: true },
];
const RENT_CENTS = 120_000;

const PROOFS = [
  'Each receipt posts one journal whose lines balance to zero.',
  'Balances are sums of those lines, never totals that drift.',
  'A mistake is reversed with the exact opposite entries; nothing is deleted.',
  'Every change is in the audit log: who, when, before and after.',
];

function SplitExample() {
  return (
    <Paper
      aria-label="Example: how one rent payment is split"
      sx={{
        p: { xs: 2.5, sm: 3 },
        borderRadius: 3,
        boxShadow: '0 24px 48px rgba(0, 0, 0, 0.25)',
        border: 'none',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        Receipt 000418 · Apartment 4, Borrowdale
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, mt: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>Rent received</Typography>
        <Typography sx={{ fontWeight: 700, fontSize: 24 }}>{formatMoney(RENT_CENTS, 'USD')}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        10% commission, 60% of it to the agent, 15% VAT
      </Typography>
      <Divider sx={{ my: 2 }} />
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1.25, columnGap: 2 }}
      >
        {SPLIT.map((line) => (
          <Box key={line.label} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              color={line.strong ? 'text.primary' : 'text.secondary'}
              sx={{ fontWeight: line.strong ? 600 : 400 }}
            >
              {line.label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                textAlign: 'right',
                fontVariantNumeric: 'tabular-nums',
                fontWeight: line.strong ? 700 : 500,
              }}
            >
              {formatMoney(line.cents, 'USD')}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box
        sx={{
          mt: 2.5,
          p: 1.5,
          borderRadius: 2,
          bgcolor: '#e8f5e9',
          color: '#1b5e20',
          display: 'flex',
          gap: 1,
          alignItems: 'center',
        }}
      >
        <CheckCircleIcon fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          One balanced journal: the lines add up to the rent, to the cent.
        </Typography>
      </Box>
    </Paper>
  );
}

export function LandingPage() {
  const { user, isAuthenticated } = useAuth();
  const signedIn = isAuthenticated && user !== null;
  // Signed in: straight back to the dashboard instead of signing in again.
  const entry = signedIn
    ? { to: homeFor(user?.role), label: 'Go to your dashboard' }
    : { to: '/login', label: 'Sign in' };
  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ bgcolor: NAVY, color: '#fff' }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 2 }}
        >
          <BrandMark tone="light" />
          <Button
            component={RouterLink}
            to={entry.to}
            variant="outlined"
            sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.6)', '&:hover': { borderColor: '#fff' } }}
          >
            {entry.label}
          </Button>
        </Container>
      </Box>

      <Box component="main" sx={{ flexGrow: 1 }}>
        <Box
          sx={{ background: `linear-gradient(160deg, ${NAVY} 0%, #153d68 60%, #1d4f86 100%)`, color: '#fff' }}
        >
          <Container maxWidth="lg" sx={{ py: { xs: 5, md: 9 } }}>
            <Grid container spacing={{ xs: 5, md: 8 }} sx={{ alignItems: 'center' }}>
              <Grid size={{ xs: 12, md: 7 }}>
                <Chip
                  label="Property management for rental agencies"
                  sx={{
                    bgcolor: 'rgba(255,255,255,0.12)',
                    color: '#fff',
                    fontWeight: 600,
                    mb: 2.5,
                    maxWidth: '100%',
                  }}
                />
                <Typography
                  component="h1"
                  sx={{
                    fontWeight: 800,
                    fontSize: { xs: 34, sm: 44, md: 52 },
                    lineHeight: 1.1,
                    letterSpacing: -0.5,
                  }}
                >
                  Run your agency on numbers you can prove.
                </Typography>
                <Typography
                  sx={{
                    mt: 2.5,
                    fontSize: { xs: 17, md: 19 },
                    color: 'rgba(255,255,255,0.85)',
                    maxWidth: 560,
                  }}
                >
                  Lintel keeps your leases, rent collection, commission split, levies and owner statements in
                  one place. Every payment is posted to a double-entry ledger, so every cent you hold for an
                  owner can be traced to its receipt.
                </Typography>
                {signedIn ? (
                  <Typography sx={{ mt: 4, color: 'rgba(255,255,255,0.85)' }}>
                    You are signed in as {user?.email}.
                  </Typography>
                ) : (
                  <>
                    <Button
                      component={RouterLink}
                      to="/admin-signup"
                      size="large"
                      variant="contained"
                      endIcon={<ArrowForwardIcon />}
                      sx={{ mt: 4, bgcolor: '#fff', color: NAVY, '&:hover': { bgcolor: '#e3f2fd' } }}
                    >
                      Start your agency
                    </Button>
                    <Typography sx={{ mt: 2.5, color: 'rgba(255,255,255,0.85)' }}>
                      Have an invitation?{' '}
                      <Link component={RouterLink} to="/signup" sx={{ color: '#90caf9', fontWeight: 600 }}>
                        Create your account
                      </Link>
                    </Typography>
                  </>
                )}
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <SplitExample />
              </Grid>
            </Grid>
          </Container>
        </Box>

        <Container
          maxWidth="lg"
          component="section"
          aria-labelledby="features-title"
          sx={{ py: { xs: 6, md: 9 } }}
        >
          <Typography
            id="features-title"
            variant="h4"
            component="h2"
            sx={{ fontSize: { xs: 26, md: 32 }, maxWidth: 640 }}
          >
            Everything between the tenant’s payment and the owner’s statement
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5, maxWidth: 640 }}>
            Admins run the company, agents look after properties, accountants close the books and owners see
            their own money — each with a dashboard of their own.
          </Typography>
          <Grid container spacing={2.5} sx={{ mt: 3 }}>
            {FEATURES.map((feature) => (
              <Grid key={feature.title} size={{ xs: 12, sm: 6, md: 3 }}>
                <Paper sx={{ p: 3, height: '100%' }}>
                  <Box
                    aria-hidden
                    sx={{
                      width: 44,
                      height: 44,
                      borderRadius: 2,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'rgba(25, 118, 210, 0.1)',
                      color: 'primary.main',
                      mb: 2,
                    }}
                  >
                    {feature.icon}
                  </Box>
                  <Typography variant="h6" component="h3">
                    {feature.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mt: 1 }}>
                    {feature.text}
                  </Typography>
                </Paper>
              </Grid>
            ))}
          </Grid>
        </Container>

        <Box
          component="section"
          aria-labelledby="proof-title"
          sx={{ bgcolor: '#fff', borderTop: '1px solid #e3e7ec', borderBottom: '1px solid #e3e7ec' }}
        >
          <Container maxWidth="lg" sx={{ py: { xs: 5, md: 7 } }}>
            <Grid container spacing={4} sx={{ alignItems: 'center' }}>
              <Grid size={{ xs: 12, md: 6 }}>
                <Typography id="proof-title" variant="h5" component="h2">
                  Every cent provable
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1.5 }}>
                  Money is kept in integer cents on a double-entry ledger. Opening balance plus every line
                  equals the closing balance, on every statement, always.
                </Typography>
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
                  {PROOFS.map((proof) => (
                    <Box
                      component="li"
                      key={proof}
                      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
                    >
                      <CheckCircleIcon aria-hidden sx={{ color: '#2e7d32', mt: 0.25 }} />
                      <Typography>{proof}</Typography>
                    </Box>
                  ))}
                </Box>
              </Grid>
            </Grid>
          </Container>
        </Box>
      </Box>

      <Box component="footer" sx={{ py: 4 }}>
        <Container
          maxWidth="lg"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Box>
            <BrandMark />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              © {new Date().getFullYear()} Lintel. Property management for rental agencies.
            </Typography>
          </Box>
        </Container>
      </Box>
    </Box>
  );
}

import { useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatMoney, type Property } from '@lintel/contracts';
import { KpiCard } from '../../../components/KpiCard.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import {
  canMoveMoney,
  canReadPropertyAccounts,
  useAccountProperty,
  useEnabledCurrencies,
  usePropertyAccounts,
} from '../api.ts';
import { AccountPageState, BackLink } from '../components/AccountPageFrame.tsx';
import { ArrearsText } from '../components/ArrearsText.tsx';
import { uniqueCurrencies } from '../components/CurrencyField.tsx';
import { ExpenseDialog } from '../components/ExpenseDialog.tsx';
import { PayoutDialog } from '../components/PayoutDialog.tsx';
import { StatementView } from '../components/StatementView.tsx';
import { useAccountsPaths } from '../paths.ts';

const TITLE = 'Property account';
function BackToProperties() {
  return <BackLink to={useAccountsPaths().propertyAccounts} label="All property accounts" />;
}
const back = <BackToProperties />;

/** /accountant-dashboard/property-accounts/:propertyId: balance, arrears, statement, payouts. */
export function PropertyAccountPage() {
  const { user } = useAuth();
  const { propertyId = '' } = useParams();
  if (!canReadPropertyAccounts(user?.role)) {
    return (
      <AccountPageState
        title={TITLE}
        back={back}
        info="Property accounts are kept by your agency's accountants."
      />
    );
  }
  return <PropertyAccountLoader propertyId={propertyId} />;
}

function PropertyAccountLoader({ propertyId }: { propertyId: string }) {
  const { user } = useAuth();
  const property = useAccountProperty(propertyId);
  if (property.isPending) return <AccountPageState title={TITLE} back={back} loading />;
  if (property.error || !property.data) {
    return (
      <AccountPageState
        title={TITLE}
        back={back}
        error={toApiError(property.error, 'The property could not be loaded.').message}
        onRetry={() => void property.refetch()}
      />
    );
  }
  // Agents read the accounts of the properties they manage; asking for another's would be refused.
  if (user?.role === 'agent' && property.data.agentId !== user._id) {
    return (
      <AccountPageState
        title={property.data.name}
        back={back}
        info="You can see the accounts of the properties you manage."
      />
    );
  }
  return <PropertyAccount property={property.data} />;
}

type DialogKind = 'payout' | 'expense';

function PropertyAccount({ property }: { property: Property }) {
  const { user } = useAuth();
  // The list has no id filter: the property's name finds its rows, one per currency.
  const accounts = usePropertyAccounts({ q: property.name, pageSize: 100 });
  const enabled = useEnabledCurrencies();
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [dialogKey, setDialogKey] = useState(0);

  const rows = (accounts.data?.data ?? []).filter((row) => row.propertyId === property._id);
  const currency = chosenCurrency ?? property.currency;
  const currencies = uniqueCurrencies(
    [property.currency],
    rows.map((row) => row.currency),
    enabled.data?.currencies ?? [],
  );
  const account = rows.find((row) => row.currency === currency);
  const balance = account?.balance ?? 0;
  const arrears = account?.arrears ?? 0;
  const ownerName = account?.ownerName ?? property.ownerName;
  const isLoadingAccount = accounts.isPending;

  const open = (kind: DialogKind) => {
    setDialogKey((key) => key + 1);
    setDialog(kind);
  };
  const close = () => setDialog(null);
  const actions = canMoveMoney(user?.role) && (
    <>
      <Button variant="contained" onClick={() => open('payout')} disabled={isLoadingAccount || balance <= 0}>
        Pay owner
      </Button>
      <Button variant="outlined" onClick={() => open('expense')}>
        Pay supplier
      </Button>
    </>
  );

  return (
    <Stack spacing={2}>
      {back}
      <PageHeader
        title={property.name}
        subtitle={ownerName ? `Held for ${ownerName}` : 'No owner on record'}
        actions={actions}
      />
      {accounts.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void accounts.refetch()}>
              Try again
            </Button>
          }
        >
          {toApiError(accounts.error, 'The balances could not be loaded.').message}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <KpiCard
          label="Balance held"
          value={formatMoney(balance, currency)}
          caption={`In ${currency}, for the owner`}
          loading={isLoadingAccount}
        />
        <KpiCard
          label="Arrears"
          value={<ArrearsText amount={arrears} currency={currency} />}
          caption={arrears > 0 ? 'Rent charged and not yet paid' : 'Nothing owed'}
          loading={isLoadingAccount}
        />
      </Box>
      <StatementView
        kind="property"
        id={property._id}
        currencies={currencies}
        currency={currency}
        onCurrencyChange={setChosenCurrency}
      />
      {dialog === 'payout' && (
        <PayoutDialog
          key={dialogKey}
          open
          accountType="property"
          accountId={property._id}
          payee={ownerName ?? 'the owner'}
          currency={currency}
          balance={balance}
          onClose={close}
        />
      )}
      {dialog === 'expense' && (
        <ExpenseDialog
          key={dialogKey}
          open
          propertyId={property._id}
          propertyName={property.name}
          currency={currency}
          onClose={close}
        />
      )}
    </Stack>
  );
}

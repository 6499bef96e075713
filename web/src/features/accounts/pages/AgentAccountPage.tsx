import { useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatMoney } from '@lintel/contracts';
import { KpiCard } from '../../../components/KpiCard.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { canMoveMoney, canReadAgentAccounts, useAgentAccounts, useEnabledCurrencies } from '../api.ts';
import { AccountPageState, BackLink } from '../components/AccountPageFrame.tsx';
import { uniqueCurrencies } from '../components/CurrencyField.tsx';
import { PayoutDialog } from '../components/PayoutDialog.tsx';
import { StatementView } from '../components/StatementView.tsx';
import { useAccountsPaths } from '../paths.ts';

const TITLE = 'Agent account';
/** The list of every agent is the accountant's; an agent on their own page has nowhere to go back to. */
function BackToAgents() {
  const { user } = useAuth();
  const { agentAccounts } = useAccountsPaths();
  return user?.role === 'agent' ? null : <BackLink to={agentAccounts} label="All agent accounts" />;
}
const back = <BackToAgents />;

/**
 * /accountant-dashboard/agent-accounts/:agentId, and an agent's own /agent-dashboard/commission
 * (no id: the signed-in agent): what the agent earned, was paid, is owed; statement.
 */
export function AgentAccountPage() {
  const { user } = useAuth();
  const { agentId = user?.role === 'agent' ? user._id : '' } = useParams();
  if (!canReadAgentAccounts(user?.role)) {
    return (
      <AccountPageState
        title={TITLE}
        back={back}
        info="Agent accounts are kept by your agency's accountants."
      />
    );
  }
  // An agent reads only their own account; asking for another's would be refused.
  if (user?.role === 'agent' && agentId !== user._id) {
    return <AccountPageState title={TITLE} back={back} info="You can see only your own account." />;
  }
  return <AgentAccount agentId={agentId} />;
}

function AgentAccount({ agentId }: { agentId: string }) {
  const { user } = useAuth();
  const accounts = useAgentAccounts();
  const enabled = useEnabledCurrencies();
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);

  if (accounts.isPending) return <AccountPageState title={TITLE} back={back} loading />;
  if (accounts.error) {
    return (
      <AccountPageState
        title={TITLE}
        back={back}
        error={toApiError(accounts.error, 'The agent account could not be loaded.').message}
        onRetry={() => void accounts.refetch()}
      />
    );
  }
  const rows = accounts.data.filter((row) => row.agentId === agentId);
  const [first] = rows;
  if (!first) {
    return <AccountPageState title={TITLE} back={back} info="This agent has no commission on record yet." />;
  }
  const currency = chosenCurrency ?? first.currency;
  const currencies = uniqueCurrencies(
    rows.map((row) => row.currency),
    enabled.data?.currencies ?? [],
  );
  const account = rows.find((row) => row.currency === currency);
  const money = (amount = 0) => formatMoney(amount, currency);
  const owed = account?.owed ?? 0;

  const actions = canMoveMoney(user?.role) && (
    <Button
      variant="contained"
      disabled={owed <= 0}
      onClick={() => {
        setDialogKey((key) => key + 1);
        setIsPaying(true);
      }}
    >
      Pay agent
    </Button>
  );

  return (
    <Stack spacing={2}>
      {back}
      <PageHeader title={first.agentName} subtitle="Commission earned, paid and owed" actions={actions} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <KpiCard label="Earned" value={money(account?.earned)} caption={`In ${currency}`} />
        <KpiCard label="Paid" value={money(account?.paid)} caption="Paid out to the agent" />
        <KpiCard label="Owed" value={money(owed)} caption="Held for the agent" />
      </Box>
      <StatementView
        kind="agent"
        id={agentId}
        currencies={currencies}
        currency={currency}
        onCurrencyChange={setChosenCurrency}
      />
      {isPaying && (
        <PayoutDialog
          key={dialogKey}
          open
          accountType="agent"
          accountId={agentId}
          payee={first.agentName}
          currency={currency}
          balance={owed}
          onClose={() => setIsPaying(false)}
        />
      )}
    </Stack>
  );
}

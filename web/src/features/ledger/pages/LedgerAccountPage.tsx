import { useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { usePageTitle } from '../../../components/page-title.tsx';
import { useAuth } from '../../../session/index.ts';
import { BackLink, StatementView, useEnabledCurrencies } from '../../accounts/index.ts';
import { canReadLedger, useChartOfAccounts } from '../api.ts';
import { useLedgerPaths } from '../paths.ts';

const TITLE = 'Account statement';

/** /accountant-dashboard/ledger/accounts/:account: any ledger account's statement. */
export function LedgerAccountPage() {
  const { user } = useAuth();
  const { account = '' } = useParams();
  const { ledger } = useLedgerPaths();
  const enabled = useEnabledCurrencies();
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen ?? enabled.data?.defaultCurrency ?? '';
  const chart = useChartOfAccounts(currency, canReadLedger(user?.role) && Boolean(currency));
  const found = chart.data?.find((each) => each.account === account);
  usePageTitle(found?.label);
  const back = <BackLink to={ledger} label="General ledger" />;
  if (!canReadLedger(user?.role)) {
    return (
      <Stack spacing={2}>
        {back}
        <PageHeader title={TITLE} />
        <Alert severity="info">The general ledger is kept by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  const label = found?.label ?? account;
  return (
    <Stack spacing={2}>
      {back}
      <PageHeader
        title={label}
        subtitle={`${account}${found ? ` · ${found.book} book · ${found.type}` : ''}`}
      />
      {currency && (
        <StatementView
          kind="ledger"
          id={account}
          currencies={enabled.data?.currencies ?? [currency]}
          currency={currency}
          onCurrencyChange={setChosen}
        />
      )}
    </Stack>
  );
}

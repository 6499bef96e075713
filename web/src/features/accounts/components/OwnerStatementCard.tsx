import { lazy, Suspense, useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { useAuth } from '../../../session/index.ts';
import { useNearView } from '../../../components/use-near-view.ts';

/** PRODUCT.md: the company's currency is USD unless it says otherwise. */
const DEFAULT_CURRENCY = 'USD';

/**
 * The statement's code (its fields, selects and figures), fetched when the card comes near the
 * screen: it sits at the foot of the owner's home, and the home's first load need not wait for it.
 */
const StatementView = lazy(() =>
  import('./StatementView.tsx').then((module) => ({ default: module.StatementView })),
);
/** The card's height with its fields, figures and the lines' placeholder (measured: 865 px on a phone, 629 px wider). */
const PLACEHOLDER_HEIGHT = { xs: 865, sm: 630 };

/**
 * The owner's statement over all their properties, on the owner dashboard. Owners may not read
 * the finance settings, so the currencies come from the page (those of the owner's properties);
 * the card itself asks only for the statement, by the owner's user id.
 */
export function OwnerStatementCard({ currencies = [] }: { currencies?: readonly string[] }) {
  const { user } = useAuth();
  const choices = currencies.length > 0 ? currencies : [DEFAULT_CURRENCY];
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const [placeholderRef, near] = useNearView();
  if (!user) return null;
  const currency =
    chosenCurrency && choices.includes(chosenCurrency) ? chosenCurrency : (choices[0] ?? DEFAULT_CURRENCY);
  if (!near) return <Skeleton ref={placeholderRef} variant="rounded" sx={{ height: PLACEHOLDER_HEIGHT }} />;
  return (
    <Suspense fallback={<Skeleton variant="rounded" sx={{ height: PLACEHOLDER_HEIGHT }} />}>
      <StatementView
        kind="owner"
        id={user._id}
        title="My statement"
        currencies={choices}
        currency={currency}
        onCurrencyChange={setChosenCurrency}
        downloadLabels={{ pdf: 'Download statement (PDF)', csv: 'CSV' }}
      />
    </Suspense>
  );
}

import { useState } from 'react';
import { useAuth } from '../../../session/index.ts';
import { StatementView } from './StatementView.tsx';

/** PRODUCT.md: the company's currency is USD unless it says otherwise. */
const DEFAULT_CURRENCY = 'USD';

/**
 * The owner's statement over all their properties, on the owner dashboard. Owners may not read
 * the finance settings, so the currencies come from the page (those of the owner's properties);
 * the card itself asks only for the statement, by the owner's user id.
 */
export function OwnerStatementCard({ currencies = [] }: { currencies?: readonly string[] }) {
  const { user } = useAuth();
  const choices = currencies.length > 0 ? currencies : [DEFAULT_CURRENCY];
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  if (!user) return null;
  const currency =
    chosenCurrency && choices.includes(chosenCurrency) ? chosenCurrency : (choices[0] ?? DEFAULT_CURRENCY);
  return (
    <StatementView
      kind="owner"
      id={user._id}
      title="My statement"
      currencies={choices}
      currency={currency}
      onCurrencyChange={setChosenCurrency}
      downloadLabels={{ pdf: 'Download statement (PDF)', csv: 'CSV' }}
    />
  );
}

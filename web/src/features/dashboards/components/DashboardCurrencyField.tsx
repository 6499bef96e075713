import { CurrencyField, useEnabledCurrencies } from '../../accounts/index.ts';

/**
 * The dashboard's currency, offered only when the company enables more than one. The enabled
 * currencies are asked only by the roles that may read the finance settings (the hook checks),
 * so owners and other roles see the company's default and no picker.
 */
export function DashboardCurrencyField({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (currency: string) => void;
}) {
  const { data } = useEnabledCurrencies();
  if (!value || !data || data.currencies.length < 2) return null;
  return <CurrencyField value={value} currencies={data.currencies} onChange={onChange} />;
}

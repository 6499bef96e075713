import Box from '@mui/material/Box';
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
  const { data, isLoading } = useEnabledCurrencies();
  const offersChoice = data !== undefined && data.currencies.length > 1;
  // Holds the field's place while the currencies or the dashboard load: appearing late, it pushed
  // the header's row down by a line on a phone (layout shift).
  if (isLoading || (offersChoice && !value)) return <Box aria-hidden sx={{ minWidth: 120, height: 40 }} />;
  if (!offersChoice || !value) return null;
  return <CurrencyField value={value} currencies={data.currencies} onChange={onChange} />;
}

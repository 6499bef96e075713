import { OutlinedNativeSelect } from '../../../components/OutlinedTextField.tsx';

/**
 * A currency picked from those the page knows; `allLabel` adds an "all currencies" choice ('').
 * The browser's own select: it sits on the role homes, which then need none of MUI's menu code.
 */
export function CurrencyField({
  value,
  currencies,
  onChange,
  allLabel,
}: {
  value: string;
  currencies: readonly string[];
  onChange: (currency: string) => void;
  allLabel?: string;
}) {
  return (
    // In a wrapping row of filters it would otherwise shrink to a sliver.
    <OutlinedNativeSelect
      size="small"
      label="Currency"
      sx={{ minWidth: 120 }}
      value={value}
      onChange={onChange}
    >
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {currencies.map((currency) => (
        <option key={currency} value={currency}>
          {currency}
        </option>
      ))}
    </OutlinedNativeSelect>
  );
}

/** Distinct currencies, in first-seen order, skipping unknown ones. */
export const uniqueCurrencies = (...lists: readonly (readonly (string | null | undefined)[])[]) => [
  ...new Set(lists.flat().filter((currency): currency is string => Boolean(currency))),
];

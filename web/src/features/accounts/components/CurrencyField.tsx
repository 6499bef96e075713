import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A currency picked from those the page knows; `allLabel` adds an "all currencies" choice (''). */
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
    <TextField
      select
      size="small"
      label="Currency"
      // In a wrapping row of filters it would otherwise shrink to a sliver.
      sx={{ minWidth: 120 }}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      // The label rises over a chosen currency from the first frame: left to MUI, a value that
      // arrives after the first render (the company's default) was drawn under the label.
      slotProps={{
        inputLabel: { shrink: value !== '' || allLabel !== undefined },
        select: { displayEmpty: allLabel !== undefined },
      }}
    >
      {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
      {currencies.map((currency) => (
        <MenuItem key={currency} value={currency}>
          {currency}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Distinct currencies, in first-seen order, skipping unknown ones. */
export const uniqueCurrencies = (...lists: readonly (readonly (string | null | undefined)[])[]) => [
  ...new Set(lists.flat().filter((currency): currency is string => Boolean(currency))),
];

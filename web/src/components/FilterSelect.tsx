import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A list filter's select: "All …" (no filter, the empty value) first, then its options. */
export function FilterSelect<V extends string>({
  label,
  allLabel,
  value,
  onChange,
  showsAll = false,
  sx,
  children,
}: {
  label: string;
  allLabel: string;
  value: V | '';
  onChange: (value: V | '') => void;
  /** Shows "All …" as the value while nothing is chosen, instead of an empty box under the label. */
  showsAll?: boolean;
  sx?: TextFieldProps['sx'];
  children: ReactNode;
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      // The options are this filter's values, so the chosen one is one of them.
      onChange={(event) => onChange(event.target.value as V | '')}
      slotProps={showsAll ? { inputLabel: { shrink: true }, select: { displayEmpty: true } } : undefined}
      sx={sx}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {children}
    </TextField>
  );
}

import MenuItem from '@mui/material/MenuItem';

/**
 * A select's options, in the list's order, each shown by its label. An array, not a component:
 * MUI's Select reads its MenuItem children directly.
 */
export const optionItems = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => (
    <MenuItem key={value} value={value}>
      {labels[value]}
    </MenuItem>
  ));

import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export interface PickerOption {
  _id: string;
  label: string;
  /** A second line in the list, e.g. the email, so two people of one name can be told apart. */
  detail?: string | null;
}

export interface SearchAutocompleteProps<T extends PickerOption = PickerOption> {
  label: string;
  value: T | null;
  onChange: (option: T | null) => void;
  options: T[];
  loading: boolean;
  /** What the person typed, to search the server with (the list is filtered there, not here). */
  onSearchChange: (text: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  helperText?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  noOptionsText?: string;
  /** Small beside other small fields, e.g. in a filter bar. */
  size?: 'small' | 'medium';
}

/** An Autocomplete whose options come from a server search. */
export function SearchAutocomplete<T extends PickerOption = PickerOption>({
  label,
  value,
  onChange,
  options,
  loading,
  onSearchChange,
  onBlur,
  error,
  helperText,
  required,
  disabled,
  autoFocus,
  noOptionsText = 'No matches',
  size,
}: SearchAutocompleteProps<T>) {
  // The chosen option stays listed even when the current search page does not include it.
  const shown = useMemo(
    () => (value && !options.some((option) => option._id === value._id) ? [value, ...options] : options),
    [options, value],
  );
  return (
    <Autocomplete
      value={value}
      options={shown}
      loading={loading}
      disabled={disabled}
      size={size}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, selected) => option._id === selected._id}
      onChange={(_event, option) => onChange(option)}
      onInputChange={(_event, text, reason) => {
        // Choosing an option writes its label into the box; that is not a new search.
        if (reason === 'input') onSearchChange(text);
        if (reason === 'clear') onSearchChange('');
      }}
      onClose={() => onSearchChange('')}
      onBlur={onBlur}
      noOptionsText={noOptionsText}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography variant="body2">{option.label}</Typography>
              {option.detail && (
                <Typography variant="caption" color="text.secondary">
                  {option.detail}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={18} aria-label="Loading options" />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

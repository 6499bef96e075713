import { useId, type ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { boundFieldProps, type FieldBinding } from './form-field-binding.ts';

type InputProps = Pick<
  OutlinedInputProps,
  'type' | 'autoComplete' | 'autoFocus' | 'placeholder' | 'required'
>;

/**
 * MUI's TextField in its outlined, single-line form: the same elements, classes, label and
 * helper-text wiring (FormOutlinedField.test.tsx compares the two), without what TextField always
 * imports for `select` (menus, popovers, modals: about 18 kB gzip). For the sign-in page, which
 * every visitor loads; forms elsewhere use FormTextField.
 */
function OutlinedTextField({
  label,
  helperText,
  error,
  disabled,
  required,
  ...input
}: InputProps &
  Pick<OutlinedInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'disabled'> & {
    label: string;
    helperText: ReactNode;
  }) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      fullWidth
      error={error}
      disabled={disabled}
      required={required}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} aria-describedby={helperTextId} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

/** A labelled outlined text field bound to a react-hook-form field; its error shows under it. */
export function FormOutlinedField<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
  disabled,
  toValue,
  formatError,
  ...props
}: InputProps & FieldBinding<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <OutlinedTextField
          {...props}
          {...boundFieldProps(field, fieldState, { label, helperText, disabled, toValue, formatError })}
        />
      )}
    />
  );
}

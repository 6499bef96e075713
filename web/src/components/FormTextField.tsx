import { Controller, type FieldValues } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { boundFieldProps, type FieldBinding } from './form-field-binding.ts';

export type FormTextFieldProps<T extends FieldValues, TOutput extends FieldValues = T> = Omit<
  TextFieldProps,
  'name' | 'label' | 'value' | 'defaultValue' | 'error' | 'helperText' | 'disabled'
> &
  FieldBinding<T, TOutput>;

/** A labelled text field bound to a react-hook-form field; its error shows under it. */
export function FormTextField<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
  disabled,
  toValue,
  formatError,
  ...props
}: FormTextFieldProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...boundFieldProps(field, fieldState, { label, helperText, disabled, toValue, formatError })}
        />
      )}
    />
  );
}

import { Controller, type FieldValues } from 'react-hook-form';
import { boundFieldProps, type FieldBinding } from './form-field-binding.ts';
import { OutlinedTextField, type OutlinedTextFieldProps } from './OutlinedTextField.tsx';

type InputProps = Pick<
  OutlinedTextFieldProps,
  'type' | 'autoComplete' | 'autoFocus' | 'placeholder' | 'required'
>;

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

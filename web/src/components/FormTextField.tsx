import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * Contract messages that start lower-case are written to follow the field's name ("is required");
 * the field's label completes them. Upper-case ones are whole sentences and are shown as written.
 */
export const fieldMessage = (label: string, message: string | undefined) =>
  message && /^[a-z]/.test(message) ? `${label} ${message}` : message;

export type FormTextFieldProps<T extends FieldValues, TOutput extends FieldValues = T> = Omit<
  TextFieldProps,
  'name' | 'label' | 'value' | 'defaultValue' | 'error'
> & {
  /** The form's control; `TOutput` is what its resolver turns the values into. */
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  label: string;
  /** The form's value for what was typed (a number, upper case); the text itself by default. */
  toValue?: (text: string) => unknown;
  /** Words the field's error under it; `fieldMessage` by default. */
  formatError?: (label: string, message: string | undefined) => string | undefined;
};

/** A labelled text field bound to a react-hook-form field; its error shows under it. */
export function FormTextField<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
  toValue,
  formatError = fieldMessage,
  ...props
}: FormTextFieldProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={toValue ? (event) => field.onChange(toValue(event.target.value)) : field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={field.disabled || props.disabled}
          label={label}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={formatError(label, fieldState.error?.message) ?? helperText}
        />
      )}
    />
  );
}

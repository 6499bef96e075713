import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * Contract messages that start lower-case are written to follow the field's name ("is required");
 * the field's label completes them. Upper-case ones are whole sentences and are shown as written.
 */
export const fieldMessage = (label: string, message: string | undefined) =>
  message && /^[a-z]/.test(message) ? `${label} ${message}` : message;

type Props<T extends FieldValues, TOutput extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'label' | 'value' | 'defaultValue' | 'error'
> & {
  /** The form's control; `TOutput` is what its resolver turns the values into. */
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  label: string;
};

/** A labelled text field bound to a react-hook-form field; its error shows under it. */
export function FormTextField<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  name,
  label,
  helperText,
  ...props
}: Props<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={field.disabled || props.disabled}
          label={label}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldMessage(label, fieldState.error?.message) ?? helperText}
        />
      )}
    />
  );
}

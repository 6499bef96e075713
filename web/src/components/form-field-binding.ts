import type { ReactNode } from 'react';
import type {
  Control,
  ControllerFieldState,
  ControllerRenderProps,
  FieldPath,
  FieldValues,
} from 'react-hook-form';

/**
 * Contract messages that start lower-case are written to follow the field's name ("is required");
 * the field's label completes them. Upper-case ones are whole sentences and are shown as written.
 */
export const fieldMessage = (label: string, message: string | undefined) =>
  message && /^[a-z]/.test(message) ? `${label} ${message}` : message;

/** How a text field is bound to a react-hook-form field. */
export interface FieldBinding<T extends FieldValues, TOutput extends FieldValues = T> {
  /** The form's control; `TOutput` is what its resolver turns the values into. */
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
  disabled?: boolean;
  /** The form's value for what was typed (a number, upper case); the text itself by default. */
  toValue?: (text: string) => unknown;
  /** Words the field's error under it; `fieldMessage` by default. */
  formatError?: (label: string, message: string | undefined) => string | undefined;
}

/** The props a text field takes from its form field: value, events, ref, label and error. */
export function boundFieldProps<T extends FieldValues>(
  field: ControllerRenderProps<T, FieldPath<T>>,
  fieldState: ControllerFieldState,
  {
    label,
    helperText,
    disabled,
    toValue,
    formatError = fieldMessage,
  }: Omit<FieldBinding<T>, 'control' | 'name'>,
) {
  return {
    name: field.name,
    value: (field.value as unknown) ?? '',
    onChange: toValue
      ? (event: { target: { value: string } }) => field.onChange(toValue(event.target.value))
      : field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: field.disabled || disabled,
    label,
    fullWidth: true,
    error: Boolean(fieldState.error),
    helperText: formatError(label, fieldState.error?.message) ?? helperText,
  };
}

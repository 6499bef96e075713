import { Controller, type FieldPath, type FieldValues, type Control } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { FormTextField, type FormTextFieldProps } from './FormTextField.tsx';

/** One field of a list: what `FormTextField` takes but the form's control, and its width in the grid. */
export type FieldSpec<TName extends string = string> = Omit<
  FormTextFieldProps<FieldValues>,
  'control' | 'name'
> & {
  name: TName;
  /** Columns out of 12 from `sm` up (phones always take the whole row); 6 by default. */
  span?: 4 | 6 | 12;
};

interface FormFieldsProps<T extends FieldValues, TOutput extends FieldValues> {
  control: Control<T, unknown, TOutput>;
  fields: readonly FieldSpec<FieldPath<NoInfer<T>>>[];
}

/** Text fields in a grid: two to a row from `sm` up, unless a field's `span` says otherwise. */
export function FormFieldGrid<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  fields,
}: FormFieldsProps<T, TOutput>) {
  return (
    <Grid container spacing={2}>
      {fields.map(({ span = 6, ...field }) => (
        <Grid key={field.name} size={span === 12 ? 12 : { xs: 12, sm: span }}>
          <FormTextField control={control} {...field} />
        </Grid>
      ))}
    </Grid>
  );
}

/** Text fields one under another, for a `Stack` to space. */
export function FormFieldList<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  fields,
}: FormFieldsProps<T, TOutput>) {
  return fields.map(({ span: _span, ...field }) => (
    <FormTextField key={field.name} control={control} {...field} />
  ));
}

/** A date field bound to a form; its label stays above the browser's own dd/mm/yyyy hint. */
export function FormDateField<T extends FieldValues, TOutput extends FieldValues = T>({
  slotProps,
  ...props
}: Omit<FormTextFieldProps<T, TOutput>, 'type'>) {
  return (
    <FormTextField
      {...props}
      type="date"
      slotProps={{ ...slotProps, inputLabel: { ...slotProps?.inputLabel, shrink: true } }}
    />
  );
}

/** An on/off setting bound to a form's boolean field, its label beside the switch. */
export function FormSwitchField<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              disabled={disabled}
            />
          }
          label={label}
        />
      )}
    />
  );
}

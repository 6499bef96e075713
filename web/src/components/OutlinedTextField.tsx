import { useId, type ReactNode } from 'react';
import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

type FieldFrame = Pick<FormControlProps, 'size' | 'sx' | 'fullWidth' | 'error' | 'disabled' | 'required'> & {
  label: string;
  helperText?: ReactNode;
  /** The label sits above the box even while it is empty (dates, a select's "All" choice). */
  shrink?: boolean;
};

/**
 * MUI's outlined TextField, built from the parts TextField uses: the same elements, classes, label
 * and helper-text wiring (FormOutlinedField.test.tsx compares the two), without what TextField
 * always imports for `select` (menus, popovers, modals: about 18 kB gzip). For fields on pages
 * every visitor loads: the sign-in form, the homes' pickers.
 */
function OutlinedFrame({
  label,
  helperText,
  shrink,
  control,
  ...frame
}: FieldFrame & { control: (ids: { id: string; describedBy: string | undefined }) => ReactNode }) {
  const id = useId();
  const describedBy = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" {...frame}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrink}>
        {label}
      </InputLabel>
      {control({ id, describedBy })}
      {helperText && <FormHelperText id={describedBy}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

export type OutlinedTextFieldProps = FieldFrame &
  Pick<
    OutlinedInputProps,
    | 'name'
    | 'type'
    | 'value'
    | 'onChange'
    | 'onBlur'
    | 'inputRef'
    | 'autoComplete'
    | 'autoFocus'
    | 'placeholder'
  >;

/** A single-line outlined text field. */
export function OutlinedTextField({
  label,
  helperText,
  shrink,
  size,
  sx,
  fullWidth,
  error,
  disabled,
  required,
  ...input
}: OutlinedTextFieldProps) {
  return (
    <OutlinedFrame
      {...{ label, helperText, shrink, size, sx, fullWidth, error, disabled, required }}
      control={({ id, describedBy }) => (
        <OutlinedInput
          {...input}
          fullWidth={fullWidth}
          id={id}
          label={label}
          notched={shrink}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/**
 * An outlined select drawn by the browser (`<select>`): the phone's own picker, and none of the
 * menu code MUI's select needs. Options are `<option>` elements.
 */
export function OutlinedNativeSelect({
  value,
  onChange,
  children,
  ...frame
}: Omit<FieldFrame, 'shrink'> & {
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <OutlinedFrame
      {...frame}
      // A select always shows its chosen option, so its label always sits above the box.
      shrink
      control={({ id, describedBy }) => (
        <NativeSelect
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          input={<OutlinedInput label={frame.label} notched aria-describedby={describedBy} />}
        >
          {children}
        </NativeSelect>
      )}
    />
  );
}

import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { type Period, periodError } from '../../../lib/format.ts';

/**
 * From and To date fields; a wrong period is said under the field at fault. Not TextField: the
 * owner's home shows them, and TextField brings MUI's menu code.
 */
export function PeriodFields({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const error = periodError(value);
  const dateField = (field: keyof Period, label: string) => (
    <OutlinedTextField
      type="date"
      size="small"
      label={label}
      value={value[field]}
      onChange={(event) => onChange({ ...value, [field]: event.target.value })}
      error={error?.field === field}
      helperText={error?.field === field ? error.message : undefined}
      shrink
    />
  );
  return (
    <>
      {dateField('from', 'From')}
      {dateField('to', 'To')}
    </>
  );
}

import TextField from '@mui/material/TextField';
import { type Period, periodError } from '../../../lib/format.ts';

/** From and To date fields; a wrong period is said under the field at fault. */
export function PeriodFields({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const error = periodError(value);
  const dateField = (field: keyof Period, label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value[field]}
      onChange={(event) => onChange({ ...value, [field]: event.target.value })}
      error={error?.field === field}
      helperText={error?.field === field ? error.message : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <>
      {dateField('from', 'From')}
      {dateField('to', 'To')}
    </>
  );
}

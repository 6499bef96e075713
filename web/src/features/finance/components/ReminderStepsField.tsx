import { useFieldArray, useFormState, type Control, type FieldValues } from 'react-hook-form';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { ARREARS_LETTER_LABELS, ARREARS_LETTERS, type ArrearsReminderStep } from '@lintel/contracts';
import { FormTextField } from '../../../components/FormTextField.tsx';

/** The contract allows this many steps. */
export const MAX_REMINDER_STEPS = 5;

interface StepsForm extends FieldValues {
  arrearsReminderSteps: ArrearsReminderStep[];
}

/** The day after the last step's, so a new step never repeats a day. */
const nextDay = (steps: { day: unknown }[]) =>
  Math.min(365, Math.max(0, ...steps.map((step) => Number(step.day) || 0)) + 7);

/**
 * The arrears reminder policy: which letter goes to a tenant how many days after rent fell due.
 * Each row is a day and a letter; steps are added and removed with buttons, so it works by keyboard.
 */
export function ReminderStepsField<T extends StepsForm, TOutput extends FieldValues>({
  control,
  disabled,
}: {
  control: Control<T, unknown, TOutput>;
  disabled: boolean;
}) {
  // The generic form is this one as far as these fields go.
  const stepsControl = control as unknown as Control<StepsForm>;
  const { fields, append, remove } = useFieldArray({ control: stepsControl, name: 'arrearsReminderSteps' });
  const { errors } = useFormState({ control: stepsControl, name: 'arrearsReminderSteps' });
  const listError = errors.arrearsReminderSteps?.message ?? errors.arrearsReminderSteps?.root?.message;

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, p: 0 }}>
        Arrears reminders
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Emailed to tenants whose rent is still unpaid this many days after it fell due. When several steps
        fall due at once, only the latest is sent.
      </Typography>
      {fields.length === 0 && (
        <Typography sx={{ mb: 2 }}>No reminders are sent. Add a step to start sending them.</Typography>
      )}
      {fields.map((step, index) => (
        <Box
          key={step.id}
          sx={{ display: 'grid', gridTemplateColumns: '96px minmax(0, 1fr) auto', gap: 1, mb: 2 }}
        >
          <FormTextField
            control={stepsControl}
            name={`arrearsReminderSteps.${index}.day`}
            label={`Day (step ${index + 1})`}
            type="number"
            toValue={(text) => (text === '' ? undefined : Number(text))}
            slotProps={{ htmlInput: { min: 1, max: 365, step: 1, inputMode: 'numeric' } }}
            disabled={disabled}
          />
          <FormTextField
            control={stepsControl}
            name={`arrearsReminderSteps.${index}.letter`}
            label={`Letter (step ${index + 1})`}
            select
            disabled={disabled}
          >
            {ARREARS_LETTERS.map((letter) => (
              <MenuItem key={letter} value={letter}>
                {ARREARS_LETTER_LABELS[letter]}
              </MenuItem>
            ))}
          </FormTextField>
          <IconButton
            aria-label={`Remove step ${index + 1}`}
            onClick={() => remove(index)}
            disabled={disabled}
            sx={{ alignSelf: 'flex-start', mt: 1 }}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Box>
      ))}
      {listError && (
        <FormHelperText error role="alert" sx={{ mb: 1 }}>
          {listError}
        </FormHelperText>
      )}
      {!disabled && (
        <Button
          startIcon={<AddIcon />}
          onClick={() => append({ day: nextDay(fields), letter: 'reminder' })}
          disabled={fields.length >= MAX_REMINDER_STEPS}
        >
          Add step
        </Button>
      )}
      {fields.length >= MAX_REMINDER_STEPS && !disabled && (
        <FormHelperText>At most {MAX_REMINDER_STEPS} steps.</FormHelperText>
      )}
    </Box>
  );
}

import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATE_FORMATS, Preferences, ROWS_PER_PAGE } from '@lintel/contracts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFormFailure } from '../../../components/use-form-failure.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePreferences, useUpdatePreferences } from '../api.ts';
import { showSuccess } from '../../../components/SnackbarHost.tsx';

// A fixed day, so each format's example is unambiguous (31 cannot be a month).
const EXAMPLE_DAY = new Date(2026, 11, 31).toISOString();

/** /settings, every role: preferences kept on the server, so they follow the user to any device. */
export function SettingsPage() {
  const { data, isPending, error, refetch } = usePreferences();
  return (
    <>
      <PageHeader title="Settings" subtitle="Your own preferences. They follow you to every device." />
      {data ? (
        <SettingsForm saved={data} />
      ) : isPending && !error ? (
        <PageSpinner label="Loading settings…" />
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {error?.message ?? 'Your settings could not be loaded.'}
        </Alert>
      )}
    </>
  );
}

function SettingsForm({ saved }: { saved: Preferences }) {
  const updatePreferences = useUpdatePreferences();
  const { control, handleSubmit, reset, watch, formState } = useForm({
    resolver: zodResolver(Preferences),
    defaultValues: saved,
  });
  const [failure, setFailure] = useFormFailure(watch);
  const dateFormat = useWatch({ control, name: 'dateFormat' });
  useEffect(() => {
    if (!formState.isDirty) reset(saved);
  }, [saved, formState.isDirty, reset]);

  const handleSave = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const next = await updatePreferences.mutateAsync(body);
      reset(next);
      showSuccess('Settings saved');
    } catch (failed) {
      setFailure(failed instanceof Error ? failed.message : 'Your settings could not be saved.');
    }
  });

  return (
    <Paper component="section" aria-label="Preferences" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Box component="form" noValidate onSubmit={(event) => void handleSave(event)}>
        <Stack spacing={2}>
          <FormTextField
            control={control}
            name="rowsPerPage"
            label="Rows per page"
            select
            toValue={Number}
            helperText="How many rows lists show at first."
          >
            {ROWS_PER_PAGE.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="dateFormat" label="Date format" select>
            {DATE_FORMATS.map((format) => (
              <MenuItem key={format} value={format}>
                {format} (e.g. {formatDate(EXAMPLE_DAY, format)})
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Dates then read like {formatDate(new Date().toISOString(), dateFormat)}.
        </Typography>
        <ErrorAlert message={failure} sx={{ mt: 2 }} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <SubmitButton pending={formState.isSubmitting} disabled={!formState.isDirty}>
            Save settings
          </SubmitButton>
        </Box>
      </Box>
    </Paper>
  );
}

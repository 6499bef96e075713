import Alert, { type AlertProps } from '@mui/material/Alert';

/** What went wrong, as the server or the screen put it; nothing while there is no message. */
export function ErrorAlert({ message, sx }: { message: string | null | undefined; sx?: AlertProps['sx'] }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={sx}>
      {message}
    </Alert>
  );
}

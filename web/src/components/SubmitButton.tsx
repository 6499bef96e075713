import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A form's submit button: disabled, with a spinner, while the form is being sent. */
export function SubmitButton({ pending, disabled, children, ...props }: ButtonProps & { pending: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      {...props}
      disabled={pending || disabled}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : props.startIcon}
    >
      {children}
    </Button>
  );
}

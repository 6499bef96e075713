import { Link as RouterLink } from 'react-router';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Button from '@mui/material/Button';

/** A card's way to the page behind it, beside the card's title. */
export function CardLink({ to, children }: { to: string; children: string }) {
  return (
    <Button component={RouterLink} to={to} size="small" endIcon={<ArrowForwardIcon aria-hidden />}>
      {children}
    </Button>
  );
}

import InputAdornment from '@mui/material/InputAdornment';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@lintel/contracts';
import { optionItems } from '../../../components/option-items.tsx';

/** A money text field's props: decimal keyboard, the currency beside the amount. */
export const moneyInputProps = (currency: string) => ({
  placeholder: '0.00',
  slotProps: {
    htmlInput: { inputMode: 'decimal' as const, autoComplete: 'off' },
    input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
  },
});

/** The payment methods as a select's options. */
export const paymentMethodItems = () => optionItems(PAYMENT_METHODS, PAYMENT_METHOD_LABELS);

import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BankAccountInput, type BankAccountView } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useCompany } from '../../../session/index.ts';
import { useFinanceSettings } from '../../finance/index.ts';
import { useCreateBankAccount } from '../api.ts';
import { BOOK_LABELS } from '../labels.ts';

interface Values {
  book: 'trust' | 'business';
  currency: string;
  name: string;
  bankName: string;
  accountNumber: string;
  matchWindowDays: string;
}

const EMPTY: Values = {
  book: 'trust',
  currency: '',
  name: '',
  bankName: '',
  accountNumber: '',
  matchWindowDays: '5',
};

/** Registers a bank account for a book and currency, optionally from the company profile's list. */
export function AddBankAccountDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (account: BankAccountView) => void;
}) {
  const { company } = useCompany();
  const settings = useFinanceSettings(open);
  const create = useCreateBankAccount();
  const [values, setValues] = useState<Values>(EMPTY);
  const [profileChoice, setProfileChoice] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const currencies = settings.data?.currencies ?? [];
  const profileAccounts = company?.bankAccounts ?? [];

  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const prefill = (index: string) => {
    setProfileChoice(index);
    const chosen = profileAccounts[Number(index)];
    if (!chosen) return;
    setValues((current) => ({
      ...current,
      name: chosen.accountName,
      bankName: chosen.bankName,
      accountNumber: chosen.accountNumber,
      currency: chosen.currency && currencies.includes(chosen.currency) ? chosen.currency : current.currency,
    }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const days = values.matchWindowDays.trim();
    const parsed = BankAccountInput.safeParse({
      ...values,
      matchWindowDays: /^\d+$/.test(days) ? Number(days) : Number.NaN,
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Values;
        next[field] ??=
          field === 'currency'
            ? 'Choose a currency'
            : field === 'matchWindowDays'
              ? 'Enter whole days from 0 to 31'
              : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const account = await create.mutateAsync(parsed.data);
      onCreated(account);
    } catch (failure) {
      setServerError(toApiError(failure, 'The bank account could not be added. Please try again.').message);
    }
  };

  const reset = () => {
    setValues(EMPTY);
    setProfileChoice('');
    setErrors({});
    setServerError(null);
  };

  const text = (field: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={set(field)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? (extra.helperText as string | undefined)}
      required={extra.required !== false}
      fullWidth
      {...(extra.inputMode ? { slotProps: { htmlInput: { inputMode: extra.inputMode } } } : {})}
    />
  );

  return (
    <ActionDialog
      open={open}
      title="Add bank account"
      action={{ label: 'Add bank account', pending: create.isPending }}
      busy={create.isPending}
      onClose={onClose}
      onExited={reset}
      onSubmit={(event) => void submit(event)}
      error={serverError}
      maxWidth="sm"
      dividers
    >
      <div style={{ display: 'grid', gap: 16, paddingTop: 8 }}>
        {profileAccounts.length > 0 && (
          <TextField
            select
            label="From the company profile"
            value={profileChoice}
            onChange={(event) => prefill(event.target.value)}
            helperText="Fills in the name, bank and number"
            fullWidth
          >
            <MenuItem value="">None</MenuItem>
            {profileAccounts.map((account, index) => (
              <MenuItem key={`${account.bankName}-${account.accountNumber}`} value={String(index)}>
                {account.accountName} · {account.bankName} {account.accountNumber}
                {account.currency ? ` (${account.currency})` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField select label="Book" value={values.book} onChange={set('book')} required fullWidth>
          {(['trust', 'business'] as const).map((book) => (
            <MenuItem key={book} value={book}>
              {BOOK_LABELS[book]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Currency"
          value={values.currency}
          onChange={set('currency')}
          error={Boolean(errors.currency)}
          helperText={errors.currency ?? 'The currencies in your accounting settings'}
          required
          fullWidth
        >
          {currencies.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </TextField>
        {text('name', 'Account name')}
        {text('bankName', 'Bank name')}
        {text('accountNumber', 'Account number')}
        {text('matchWindowDays', 'Match window (days)', {
          inputMode: 'numeric',
          helperText: 'How many days a statement line and a ledger entry may be apart to match',
        })}
      </div>
    </ActionDialog>
  );
}

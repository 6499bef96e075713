import { Password } from '@lintel/contracts';
import type { FieldSpec } from '../../components/FormFields.tsx';

/** A password being chosen: at sign-up, or with an emailed link to set a new one. */
export const NEW_PASSWORD_FIELD = {
  name: 'password',
  label: 'Password',
  type: 'password',
  autoComplete: 'new-password',
  helperText: `At least ${Password.minLength ?? 8} characters.`,
} as const satisfies FieldSpec;

/** Who is signing up: the same three fields whether they start an agency or join one. */
export const PERSON_FIELDS = [
  { name: 'name', label: 'Full name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  NEW_PASSWORD_FIELD,
] as const satisfies readonly FieldSpec[];

import { describe, expect, it } from 'vitest';
import { LoginInput } from '@lintel/contracts';
import { loginResolver, type LoginValues } from './login-resolver.ts';

const EMAILS = [
  '',
  ' ',
  'a',
  'a@b',
  'a@b.c',
  'A@B.CO',
  ' a@b.co ',
  'a@b.co\n',
  'a..b@c.co',
  '.a@b.co',
  "o'neil@x.io",
  'first.last+tag@sub.example.org',
  'ä@b.co',
  `${'x'.repeat(249)}@b.co`,
  `${'x'.repeat(250)}@b.co`,
  `${'x'.repeat(250)}@b`,
];
const PASSWORDS = ['', ' ', 'x', 'p'.repeat(200), 'p'.repeat(201)];

/** What zodResolver(LoginInput) gives the form: the parsed values, or each field's first message. */
function zodAnswer(values: LoginValues) {
  const parsed = LoginInput.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { values: {}, errors };
}

async function resolverAnswer(values: LoginValues) {
  const result = await loginResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors = Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, (error as { message: string }).message]),
  );
  return { values: result.values, errors };
}

describe('loginResolver', () => {
  it.each(EMAILS.flatMap((email) => PASSWORDS.map((password) => [email, password] as const)))(
    'answers as LoginInput does for %j / %j',
    async (email, password) => {
      expect(await resolverAnswer({ email, password })).toEqual(zodAnswer({ email, password }));
    },
  );

  it('passes the email on trimmed and lower-cased, the password as typed', async () => {
    expect((await resolverAnswer({ email: 'Ann@Example.COM', password: ' Secret ' })).values).toEqual({
      email: 'ann@example.com',
      password: ' Secret ',
    });
  });
});

import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { regexes } from 'zod/v4/core';

export interface LoginValues {
  email: string;
  password: string;
}

/**
 * The sign-in form's check, without zod's runtime (about 25 kB gzip on the route every visitor
 * loads): the rules and texts of contracts' `LoginInput`, which the server still applies to the
 * request. It uses zod's own email pattern; login-resolver.test.ts holds the two to the same
 * answers and messages. The first failure per field, as zodResolver reports it.
 */
function loginIssues({ email, password }: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const issues: Partial<Record<keyof LoginValues, string>> = {};
  // LoginInput checks the pattern before it trims, then the trimmed length.
  if (!regexes.email.test(email)) issues.email = 'must be a valid email address';
  else if (email.trim().length > 254) issues.email = 'must be at most 254 characters';
  if (password.length < 1) issues.password = 'is required';
  else if (password.length > 200) issues.password = 'must be at most 200 characters';
  return issues;
}

/** react-hook-form resolver: LoginInput's output (the email trimmed and lower-cased) or its errors. */
export const loginResolver: Resolver<LoginValues> = (values): ResolverResult<LoginValues> => {
  const issues = Object.entries(loginIssues(values));
  if (issues.length === 0) {
    return { values: { email: values.email.trim().toLowerCase(), password: values.password }, errors: {} };
  }
  const errors: FieldErrors<LoginValues> = Object.fromEntries(
    issues.map(([field, message]) => [field, { type: 'validation', message }]),
  );
  return { values: {}, errors };
};

import { describe, expect, it } from 'vitest';
import { OwnerInput } from './owners.ts';
import { TenantInput } from './tenants.ts';

describe('contact details, as owners and tenants share them', () => {
  it.each([
    ['owner', OwnerInput],
    ['tenant', TenantInput],
  ] as const)('the %s input trims, lowercases the email and stores blank fields as nothing', (_, input) => {
    expect(
      input.parse({
        name: ' Ann ',
        email: 'Ann@Example.COM',
        phone: '  ',
        idNumber: '',
        notes: ' Calls first ',
      }),
    ).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      phone: null,
      idNumber: null,
      notes: 'Calls first',
    });
    expect(input.parse({ name: 'Ann', email: '' })).toMatchObject({ email: null });
  });

  it.each([
    ['owner', OwnerInput],
    ['tenant', TenantInput],
  ] as const)('the %s input refuses a bad email and over-long details with the same messages', (_, input) => {
    const refused = input.safeParse({ name: 'Ann', email: 'not-an-email', phone: '9'.repeat(51) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'Enter a valid email address'],
      ['phone', expect.any(String)],
    ]);
  });
});

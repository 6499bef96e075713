import { describe, expect, it } from 'vitest';
import { canEditProperties, homeFor, isAdminPath } from './roles.ts';

describe('homeFor (SPEC §2 landing after login)', () => {
  it.each([
    ['admin', '/admin-dashboard'],
    ['agent', '/agent-dashboard'],
    ['owner', '/owner-dashboard'],
    ['accountant', '/accountant-dashboard'],
    ['other', '/dashboard'],
    ['tenant', '/dashboard'],
    [undefined, '/dashboard'],
  ])('%s → %s', (role, home) => {
    expect(homeFor(role)).toBe(home);
  });
});

describe('isAdminPath (SPEC §2: an admin-dashboard or admin segment)', () => {
  it.each(['/admin/users', '/admin', '/admin-dashboard', '/admin-dashboard/properties', '/x/admin/y'])(
    '%s is an admin area',
    (path) => expect(isAdminPath(path)).toBe(true),
  );
  it.each(['/', '/admin-signup', '/administrator', '/agent-dashboard', '/payments', '/my-admin'])(
    '%s is not',
    (path) => expect(isAdminPath(path)).toBe(false),
  );
});

it('only admins and agents may edit properties', () => {
  expect(['admin', 'agent', 'owner', 'accountant', 'other', undefined].map(canEditProperties)).toEqual([
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
});

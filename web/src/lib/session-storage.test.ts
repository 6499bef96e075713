import { describe, expect, it } from 'vitest';
import { makeUser, userWithoutCompany } from '../test/fixtures.ts';
import { sessionStore, STORAGE_KEYS } from './session-storage.ts';

describe('sessionStore (SPEC §3 "Browser storage")', () => {
  it('uses exactly the keys accessToken, refreshToken, user and companyId', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual(['accessToken', 'refreshToken', 'user', 'companyId']);
  });

  it('saves tokens (keeping the old refresh token when none comes) and the user as JSON with its companyId', () => {
    const user = makeUser();
    sessionStore.saveTokens({ token: 'a1', refreshToken: 'r1' });
    sessionStore.saveTokens({ token: 'a2' });
    sessionStore.saveUser(user);
    expect(localStorage.getItem('accessToken')).toBe('a2');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(user);
    expect(localStorage.getItem('companyId')).toBe(user.companyId);
    expect(sessionStore.user()).toEqual(user);
  });

  it('keeps no companyId for a user without a company, removing one left by an earlier user', () => {
    sessionStore.saveUser(makeUser());
    const user = userWithoutCompany();
    sessionStore.saveUser(user);
    expect(localStorage.getItem('companyId')).toBeNull();
    expect(sessionStore.companyId()).toBeNull();
    expect(sessionStore.user()).toEqual(user);
  });

  it('reads a corrupt user as none', () => {
    localStorage.setItem('user', '{not json');
    expect(sessionStore.user()).toBeNull();
  });

  it('clear() removes the four keys and nothing else', () => {
    sessionStore.saveTokens({ token: 'a', refreshToken: 'r' });
    sessionStore.saveUser(makeUser());
    localStorage.setItem('theme', 'dark');
    sessionStore.clear();
    expect(Object.keys(localStorage)).toEqual(['theme']);
  });
});

import type { User } from '@lintel/contracts';

// SPEC §3 "Browser storage": these four keys, exactly.
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  companyId: 'companyId',
} as const;

export const sessionStore = {
  accessToken: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  refreshToken: () => localStorage.getItem(STORAGE_KEYS.refreshToken),
  companyId: () => localStorage.getItem(STORAGE_KEYS.companyId),
  user(): User | null {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as User;
    } catch {
      return null;
    }
  },
  saveTokens(tokens: { token: string; refreshToken?: string | undefined }) {
    localStorage.setItem(STORAGE_KEYS.accessToken, tokens.token);
    if (tokens.refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  },
  saveUser(user: User) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    // A user without a company (signed up with no invitation) has no companyId to keep.
    if (user.companyId) localStorage.setItem(STORAGE_KEYS.companyId, user.companyId);
    else localStorage.removeItem(STORAGE_KEYS.companyId);
  },
  removeCompanyId: () => localStorage.removeItem(STORAGE_KEYS.companyId),
  clear() {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  },
};

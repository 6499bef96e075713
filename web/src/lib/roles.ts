import type { Role } from '@lintel/contracts';

/** SPEC §2: where each role lands after signing in. */
export const HOME_BY_ROLE: Record<Role, string> = {
  admin: '/admin-dashboard',
  agent: '/agent-dashboard',
  owner: '/owner-dashboard',
  accountant: '/accountant-dashboard',
  other: '/dashboard',
};

export const homeFor = (role: string | undefined) => HOME_BY_ROLE[role as Role] ?? '/dashboard';

/** SPEC §2: any path with an admin-dashboard or admin segment is an admin area. */
export const isAdminPath = (pathname: string) =>
  pathname.split('/').some((segment) => segment === 'admin' || segment === 'admin-dashboard');

/** PRODUCT.md roles table: who may add and change properties (the server enforces it too). */
export const canEditProperties = (role: string | undefined) => role === 'admin' || role === 'agent';

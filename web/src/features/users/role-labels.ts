import type { Role } from '@lintel/contracts';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  agent: 'Agent',
  owner: 'Owner',
  accountant: 'Accountant',
  other: 'Team member',
};

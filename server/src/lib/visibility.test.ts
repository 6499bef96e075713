import { describe, expect, it } from 'vitest';
import { ROLES } from '@lintel/contracts';
import { ENTITIES, scopeFor, sees, VISIBILITY } from './visibility.ts';

const RULES = ['all', 'managedBy', 'ownedBy', 'involves', 'none'];
const userId = '00000000-0000-4000-8000-000000000001';
const someoneElse = '00000000-0000-4000-8000-000000000002';

describe('the visibility policy', () => {
  it('answers for every entity and every role, and names nothing else', () => {
    expect(Object.keys(VISIBILITY).sort()).toEqual([...ENTITIES].sort());
    for (const entity of ENTITIES) {
      expect(Object.keys(VISIBILITY[entity]).sort(), entity).toEqual([...ROLES].sort());
      for (const role of ROLES) expect(RULES, `${entity} × ${role}`).toContain(VISIBILITY[entity][role]);
    }
  });

  it('lets admins see every row of the company', () => {
    for (const entity of ENTITIES)
      expect(scopeFor({ role: 'admin', userId }, entity)).toEqual({ kind: 'all' });
  });

  it("binds a role's scope to the signed-in user", () => {
    expect(scopeFor({ role: 'agent', userId }, 'payment')).toEqual({ kind: 'managedBy', userId });
    expect(scopeFor({ role: 'owner', userId }, 'payment')).toEqual({ kind: 'ownedBy', userId });
  });

  it('judges a loaded row by the same scope', () => {
    const mine = { agentIds: [userId], ownerUserId: userId };
    const theirs = { agentIds: [someoneElse, null], ownerUserId: someoneElse };
    expect(sees({ kind: 'all' }, theirs)).toBe(true);
    expect(sees({ kind: 'none' }, mine)).toBe(false);
    expect(sees({ kind: 'managedBy', userId }, mine)).toBe(true);
    expect(sees({ kind: 'managedBy', userId }, theirs)).toBe(false);
    expect(sees({ kind: 'managedBy', userId }, { agentIds: [someoneElse, userId], ownerUserId: null })).toBe(
      true,
    );
    expect(sees({ kind: 'ownedBy', userId }, mine)).toBe(true);
    expect(sees({ kind: 'ownedBy', userId }, { agentIds: [userId], ownerUserId: null })).toBe(false);
    expect(sees({ kind: 'involves', userId }, { involvedIds: [someoneElse, userId] })).toBe(true);
    expect(sees({ kind: 'involves', userId }, { involvedIds: [someoneElse, null] })).toBe(false);
  });

  it('sees nothing through a party the row does not have', () => {
    expect(sees({ kind: 'managedBy', userId }, { ownerUserId: userId })).toBe(false);
    expect(sees({ kind: 'ownedBy', userId }, { involvedIds: [userId] })).toBe(false);
    expect(sees({ kind: 'involves', userId }, { agentIds: [userId], ownerUserId: userId })).toBe(false);
  });
});

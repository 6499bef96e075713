import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { systemTransact, transact } from '../../db/scope.ts';
import { createTestApp, failure, signupAdmin, type SignedIn, type TestApp } from '../../test/harness.ts';
import { recordAudit } from './service.ts';

describe('audit_log is append-only', () => {
  let t: TestApp;
  let admin: SignedIn;
  let companyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signupAdmin(t.app);
    companyId = admin.company._id;
  });
  afterAll(() => t.close());

  const scoped = <T>(work: (tx: Tx) => Promise<T>) => transact({ db: t.database.db, companyId }, work);
  const system = <T>(work: (tx: Tx) => Promise<T>) => systemTransact(t.database.db, work);
  const snapshot = () =>
    system((tx) =>
      tx.select().from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(asc(auditLog.id)),
    );

  const attempts = {
    UPDATE: (tx: Tx) =>
      tx.update(auditLog).set({ action: 'tampered', after: null }).where(eq(auditLog.companyId, companyId)),
    DELETE: (tx: Tx) => tx.delete(auditLog).where(eq(auditLog.companyId, companyId)),
    TRUNCATE: (tx: Tx) => tx.execute(sql`truncate table audit_log`),
  };

  it('the company has entries to tamper with', async () => {
    const rows = await snapshot();
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['company.created', 'user.signed_up']),
    );
  });

  for (const [operation, attempt] of Object.entries(attempts)) {
    it(`${operation} fails for the application's role (transact), and nothing changes`, async () => {
      const before = await snapshot();
      expect(await failure(scoped(attempt))).toMatch(/permission denied|append-only/i);
      expect(await snapshot()).toEqual(before);
    });

    it(`${operation} fails for the owner too (systemTransact), by trigger, and nothing changes`, async () => {
      const before = await snapshot();
      expect(await failure(system(attempt))).toMatch(
        new RegExp(`audit_log is append-only: ${operation} is not allowed`),
      );
      expect(await snapshot()).toEqual(before);
    });
  }

  it('INSERT through recordAudit works, in the same transaction as the change', async () => {
    const before = await snapshot();
    await scoped((tx) =>
      recordAudit(
        tx,
        { companyId, userId: admin.user._id, requestId: 'req-append-only' },
        { action: 'test.recorded', entity: 'test', entityId: null, after: { ok: true } },
      ),
    );
    const after = await snapshot();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((row) => row.requestId === 'req-append-only')).toMatchObject({
      action: 'test.recorded',
      entity: 'test',
      actorId: admin.user._id,
      before: null,
      after: { ok: true },
    });
  });

  it('a rolled-back change takes its audit entry with it', async () => {
    const before = await snapshot();
    await expect(
      scoped(async (tx) => {
        await recordAudit(
          tx,
          { companyId, userId: admin.user._id, requestId: null },
          { action: 'test.rolled_back', entity: 'test', entityId: null },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await snapshot()).toEqual(before);
  });
});

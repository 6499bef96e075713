import type { Db } from '../../db/client.ts';
import { systemTransact, transact } from '../../db/scope.ts';
import { todayIso } from '../leases/index.ts';
import * as repo from './repo.ts';
import { notify } from './service.ts';

/** PRODUCT.md: agents and admins hear of a lease this many days before it ends. */
export const LEASE_ENDING_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAfter = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function byCompany<T extends { companyId: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) grouped.set(row.companyId, [...(grouped.get(row.companyId) ?? []), row]);
  return grouped;
}

/**
 * Active leases ending within 30 days: the property's agent and the company's admins, once per
 * lease (the dedupe key makes the hourly re-run add nothing). Returns how many leases were due.
 */
export async function notifyLeasesEndingSoon(db: Db, today = todayIso()): Promise<number> {
  const due = await systemTransact(db, (tx) =>
    repo.leasesEndingBetween(tx, today, daysAfter(today, LEASE_ENDING_DAYS)),
  );
  for (const [companyId, leases] of byCompany(due)) {
    await transact({ db, companyId }, async (tx) => {
      const admins = await repo.activeUserIdsWithRole(tx, { companyId }, ['admin']);
      for (const lease of leases) {
        await notify(
          tx,
          { companyId },
          {
            userIds: [lease.agentId, ...admins],
            type: 'lease.ending',
            title: 'Lease ending soon',
            message: `The lease on ${lease.propertyName} ends on ${lease.endDate}.`,
            link: `/leases/${lease.id}`,
            dedupeKey: `lease-ending:${lease.id}`,
          },
        );
      }
    });
  }
  return due.length;
}

/** Issued invoices past their due date: the company's accountants, once per invoice. */
export async function notifyInvoicesOverdue(db: Db, today = todayIso()): Promise<number> {
  const overdue = await systemTransact(db, (tx) => repo.invoicesPastDue(tx, today));
  for (const [companyId, invoices] of byCompany(overdue)) {
    await transact({ db, companyId }, async (tx) => {
      const accountants = await repo.activeUserIdsWithRole(tx, { companyId }, ['accountant']);
      for (const invoice of invoices) {
        await notify(
          tx,
          { companyId },
          {
            userIds: accountants,
            type: 'invoice.overdue',
            title: 'Invoice overdue',
            message: `Invoice ${invoice.number ?? ''} to ${invoice.clientName} was due on ${invoice.dueDate}.`,
            link: `/accountant-dashboard/written-invoices?open=${invoice.id}`,
            dedupeKey: `invoice-overdue:${invoice.id}`,
          },
        );
      }
    });
  }
  return overdue.length;
}

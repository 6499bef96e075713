import { formatCalendarDate } from '@lintel/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { systemTransact, transact } from '../../db/scope.ts';
import { findCompany } from '../companies/index.ts';
import { queueInvoiceOverdueEmail } from '../invoices/index.ts';
import { todayIso } from '../leases/index.ts';
import { queueMail, throughSignIn } from '../mail/index.ts';
import * as repo from './repo.ts';
import { notify } from './service.ts';

/** PRODUCT.md: agents and admins hear of a lease this many days before it ends. */
export const LEASE_ENDING_DAYS = 30;
/** Issue 19: the managing agent is emailed this many days before a lease ends, once at each. */
export const LEASE_ENDING_EMAIL_DAYS = [60, LEASE_ENDING_DAYS] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAfter = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysFrom = (today: string, isoDate: string) =>
  Math.round((Date.parse(`${isoDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/**
 * The email a lease with this many days left is due: the nearest step not yet passed. A lease that
 * first comes into view 25 days out (made late) is at the 30-day step, and never gets the 60-day one.
 */
const emailStepOf = (daysLeft: number) =>
  Math.min(...LEASE_ENDING_EMAIL_DAYS.filter((days) => daysLeft <= days));

function byCompany<T extends { companyId: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) grouped.set(row.companyId, [...(grouped.get(row.companyId) ?? []), row]);
  return grouped;
}

type EndingLease = Awaited<ReturnType<typeof repo.leasesEndingBetween>>[number];
type Staff = Awaited<ReturnType<typeof repo.activeUsersWithRole>>[number];

/**
 * Active leases ending within 60 days. Within 30, the property's agent and the company's admins
 * get an in-app notice. At 60 days and again at 30, the managing agent gets an email (the
 * company's admins when the property has no active agent). Dedupe keys make the hourly re-run add
 * nothing. Returns how many leases were in view.
 */
export async function notifyLeasesEndingSoon(db: Db, today = todayIso()): Promise<number> {
  const due = await systemTransact(db, (tx) =>
    repo.leasesEndingBetween(tx, today, daysAfter(today, LEASE_ENDING_EMAIL_DAYS[0])),
  );
  for (const [companyId, leases] of byCompany(due)) {
    await transact({ db, companyId }, async (tx) => {
      const admins = await repo.activeUsersWithRole(tx, { companyId }, ['admin']);
      const senderName = (await findCompany(tx, companyId))?.name ?? 'Lintel';
      for (const lease of leases) {
        const daysLeft = daysFrom(today, lease.endDate);
        if (daysLeft <= LEASE_ENDING_DAYS) {
          await notify(
            tx,
            { companyId },
            {
              userIds: [lease.agentId, ...admins.map((admin) => admin.id)],
              type: 'lease.ending',
              title: 'Lease ending soon',
              message: `The lease on ${lease.propertyName} ends on ${lease.endDate}.`,
              link: `/leases/${lease.id}`,
              dedupeKey: `lease-ending:${lease.id}`,
            },
          );
        }
        await emailLeaseEnding(tx, lease, daysLeft, managersOf(lease, admins), senderName);
      }
    });
  }
  return due.length;
}

/** Who manages a lease's property: its agent while active, else the company's admins. */
const managersOf = (lease: EndingLease, admins: Staff[]): Staff[] =>
  lease.agentId && lease.agentEmail && lease.isAgentActive
    ? [{ id: lease.agentId, email: lease.agentEmail, firstName: lease.agentFirstName ?? '' }]
    : admins;

async function emailLeaseEnding(
  tx: Tx,
  lease: EndingLease,
  daysLeft: number,
  recipients: Staff[],
  senderName: string,
) {
  const step = emailStepOf(daysLeft);
  for (const recipient of recipients) {
    await queueMail(tx, {
      companyId: lease.companyId,
      kind: 'lease-ending',
      to: recipient.email,
      senderName,
      data: {
        recipientName: recipient.firstName,
        tenantName: lease.tenantName,
        propertyName: lease.propertyName,
        endDate: formatCalendarDate(lease.endDate),
        daysLeft,
        path: throughSignIn(`/leases/${lease.id}`),
      },
      // Once per lease, step and person: the outbox's key is unique across every message.
      dedupeKey: `lease-ending:${lease.id}:${step}:${recipient.id}`,
    });
  }
}

/** Issued invoices past their due date: the company's accountants and the client, once per invoice. */
export async function notifyInvoicesOverdue(db: Db, today = todayIso()): Promise<number> {
  const overdue = await systemTransact(db, (tx) => repo.invoicesPastDue(tx, today));
  for (const [companyId, invoices] of byCompany(overdue)) {
    await transact({ db, companyId }, async (tx) => {
      const accountants = (await repo.activeUsersWithRole(tx, { companyId }, ['accountant'])).map(
        (accountant) => accountant.id,
      );
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
        await queueInvoiceOverdueEmail(tx, { companyId }, invoice.id);
      }
    });
  }
  return overdue.length;
}

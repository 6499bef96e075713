import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  Lease,
  Payment,
  Property,
  PropertyAccount,
  StatementReply,
  TrialBalance,
  type Statement,
  type PaymentInput,
} from '@lintel/contracts';
import {
  type createCompanyWithRoles,
  createOwnerRecord,
  expectStatus,
  injectAs,
  type RequestAs,
  type SignedIn,
  type TestApp,
} from './harness.ts';

export type Company = Awaited<ReturnType<typeof createCompanyWithRoles>>;

/** `injectAs` bound to a test app. */
export const caller =
  (t: TestApp) =>
  (...request: RequestAs) =>
    injectAs(t.app, ...request);

/** Money settings for a test company: several currencies, VAT on, the default rates otherwise. */
export async function setFinanceSettings(t: TestApp, co: Company, overrides: Record<string, unknown> = {}) {
  const call = caller(t);
  const current = expectStatus(await call(co.accountant, 'GET', '/api/settings/finance'), 200).data;
  return expectStatus(
    await call(co.accountant, 'PUT', '/api/settings/finance', {
      currencies: ['USD', 'ZWG'],
      defaultCurrency: 'USD',
      commissionRateBp: 1000,
      agentShareBp: 6000,
      vatRegistered: true,
      vatRateBp: 1500,
      rentDueDay: 1,
      lateFeeRateBp: 0,
      receiptPrefix: 'RCT-',
      invoicePrefix: 'INV-',
      ...overrides,
      __v: current.__v,
    }),
    200,
  ).data;
}

/**
 * A property of `co`, owned by the owner record bound to `co.owner`, managed by `co.agent`
 * (unless `agent: null`), let on an active lease to a new tenant.
 */
export async function createLetProperty(
  t: TestApp,
  co: Company,
  options: {
    currency?: string;
    rent?: number;
    deposit?: number;
    startDate?: string;
    endDate?: string;
    agent?: SignedIn | null;
    commissionRateBp?: number;
    ownerId?: string;
  } = {},
) {
  const call = caller(t);
  const ownerId =
    options.ownerId ??
    (await createOwnerRecord(t.database, co.companyId, { name: `Owner ${randomUUID().slice(0, 4)}` }));
  const property = Property.parse(
    expectStatus(
      await call(co.admin, 'POST', '/api/properties', {
        name: `House ${randomUUID().slice(0, 6)}`,
        address: '1 Ledger Lane',
        type: 'house',
        ownerId,
        currency: options.currency ?? 'USD',
        rentAmount: options.rent ?? 100000,
        ...(options.agent === null ? {} : { agentId: (options.agent ?? co.agent).user._id }),
        ...(options.commissionRateBp === undefined ? {} : { commissionRate: options.commissionRateBp }),
      }),
      201,
    ).data,
  );
  const tenant = expectStatus(
    await call(co.admin, 'POST', '/api/tenants', { name: `Tenant ${randomUUID().slice(0, 6)}` }),
    201,
  ).data as { _id: string; name: string };
  const lease = Lease.parse(
    expectStatus(
      await call(co.admin, 'POST', '/api/leases', {
        propertyId: property._id,
        tenantId: tenant._id,
        startDate: options.startDate ?? '2026-01-01',
        endDate: options.endDate ?? '2027-12-31',
        rentAmount: options.rent ?? 100000,
        depositAmount: options.deposit ?? 0,
      }),
      201,
    ).data,
  );
  expectStatus(await call(co.admin, 'POST', `/api/leases/${lease._id}/activate`), 200);
  return { ownerId, property, tenant, lease };
}

/** Records a payment and returns it (201 expected). */
export async function recordPayment(
  t: TestApp,
  user: SignedIn,
  body: PaymentInput,
  key: string = randomUUID(),
): Promise<Payment> {
  const response = await caller(t)(user, 'POST', '/api/payments', body, { 'idempotency-key': key });
  return Payment.parse(expectStatus(response, 201).data);
}

export const rentBody = (
  lease: { _id: string; currency: string },
  amount: number,
  overrides: Partial<PaymentInput> = {},
): PaymentInput => ({
  type: 'rent',
  leaseId: lease._id,
  amount,
  currency: lease.currency,
  method: 'bank_transfer',
  paymentDate: '2026-11-20',
  ...overrides,
});

/** The owner record bound to `co.owner`'s sign-in, for properties that owner may see. */
export const createOwnerOfUser = (t: TestApp, co: Company, name = 'Olive Owner') =>
  createOwnerRecord(t.database, co.companyId, { name, userId: co.owner.user._id });

/** The company's trial balance in a currency, as the accountant sees it. */
export async function readTrialBalance(t: TestApp, co: Company, currency = 'USD'): Promise<TrialBalance> {
  const response = await caller(t)(co.accountant, 'GET', `/api/ledger/trial-balance?currency=${currency}`);
  return TrialBalance.parse(expectStatus(response, 200).data);
}

/** One property's account row (its own currency unless one is given), as `user` sees it. */
export async function readPropertyAccount(
  t: TestApp,
  user: SignedIn,
  propertyId: string,
  currency?: string,
): Promise<PropertyAccount> {
  const query = new URLSearchParams({ propertyId, ...(currency ? { currency } : {}) });
  const page = expectStatus(await caller(t)(user, 'GET', `/api/accounts/properties?${query}`), 200);
  expect(page.data).toHaveLength(1);
  return PropertyAccount.parse(page.data[0]);
}

/** Ends a lease early (admin), so its deposit can be released. */
export async function terminateLease(t: TestApp, co: Company, leaseId: string) {
  const response = await caller(t)(co.admin, 'POST', `/api/leases/${leaseId}/terminate`, {
    reason: 'Tenant moved out',
  });
  return Lease.parse(expectStatus(response, 200).data);
}

/**
 * A statement's JSON read page by page (`url` without paging) and put back together. Every page
 * carries the same period figures and `meta.total`; the pages' lines, in order, run from the
 * opening balance (each balance = the one before + its amount) to the closing balance.
 */
export async function readWholeStatement(
  t: TestApp,
  user: SignedIn,
  url: string,
  pageSize = 100,
): Promise<{ statement: Statement; pages: number }> {
  const pageOf = async (page: number) =>
    StatementReply.parse(
      expectStatus(await caller(t)(user, 'GET', `${url}&page=${page}&pageSize=${pageSize}`), 200),
    );
  const first = await pageOf(1);
  const lines = [...first.data.lines];
  let pages = 1;
  while (lines.length < first.meta.total) {
    pages += 1;
    const next = await pageOf(pages);
    expect(next.meta).toEqual({ ...first.meta, page: pages });
    expect({ ...next.data, lines: [] }).toEqual({ ...first.data, lines: [] });
    expect(next.data.lines.length).toBeGreaterThan(0);
    lines.push(...next.data.lines);
  }
  expect(lines).toHaveLength(first.meta.total);
  expect((await pageOf(pages + 1)).data.lines).toEqual([]);
  let balance = first.data.openingBalance;
  for (const line of lines) {
    balance += line.amount;
    expect(line.balance).toBe(balance);
  }
  expect(balance).toBe(first.data.closingBalance);
  return { statement: { ...first.data, lines }, pages };
}

import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  Lease,
  pageEnvelope,
  Payment,
  Session,
  TrialBalance,
  type PaymentInput,
} from '@lintel/contracts';
import type { z } from 'zod';

const PASSWORD = 'resilience-horse-battery-staple';
const PAGE_SIZE = 100;
const PaymentPage = pageEnvelope(Payment);

export type PaymentBody = z.input<typeof PaymentInput>;

/** A JSON request that must succeed: setting up and reading back, not what a test is about. */
async function call(baseUrl: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as { data?: unknown };
}

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@resilience.example`;

async function signup(baseUrl: string, address: string, company: unknown) {
  const reply = await call(baseUrl, 'POST', '/api/auth/signup', {
    email: address,
    password: PASSWORD,
    name: 'Resilience User',
    company,
  });
  // Sign-up answers the session itself, not in an envelope; these users always have a company.
  const session = Session.parse(reply);
  if (!session.company) throw new Error(`${address} signed up without a company`);
  return { ...session, company: session.company };
}

export interface LetProperty {
  companyId: string;
  /** The accountant's access token: the one who records payments. */
  token: string;
  lease: Lease;
}

/** A new company, its accountant, and one property let on an active USD lease, all through the API. */
export async function createLetProperty(baseUrl: string): Promise<LetProperty> {
  const admin = await signup(baseUrl, email('admin'), {
    name: `Resilience Agency ${randomUUID().slice(0, 6)}`,
    address: '1 Restart Road, Harare',
    phone: '+263 77 000 0000',
    email: email('office'),
    registrationNumber: 'CR 9/2026',
    tinNumber: '2000000009',
  });
  const as = (method: string, path: string, body?: unknown) =>
    call(baseUrl, method, path, body, admin.token).then(
      (reply) => reply.data as { _id: string; code: string },
    );
  const accountantEmail = email('accountant');
  const invitation = await as('POST', '/api/users/invitations', {
    email: accountantEmail,
    role: 'accountant',
  });
  const accountant = await signup(baseUrl, accountantEmail, invitation.code);
  const owner = await as('POST', '/api/owners', { name: 'Resilience Owner' });
  const property = await as('POST', '/api/properties', {
    name: 'Resilience House',
    address: '1 Ledger Lane',
    type: 'house',
    ownerId: owner._id,
    currency: 'USD',
    rentAmount: 100000,
  });
  const tenant = await as('POST', '/api/tenants', { name: 'Resilience Tenant' });
  const lease = Lease.parse(
    await as('POST', '/api/leases', {
      propertyId: property._id,
      tenantId: tenant._id,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      rentAmount: 100000,
      depositAmount: 0,
    }),
  );
  await as('POST', `/api/leases/${lease._id}/activate`);
  return { companyId: admin.company._id, token: accountant.token, lease };
}

/** The n-th rent payment of a run: its own amount, so a payment stored under another key shows. */
export const paymentBody = (lease: Lease, n: number): PaymentBody => ({
  type: 'rent',
  leaseId: lease._id,
  amount: 1000 + n,
  currency: lease.currency,
  method: 'bank_transfer',
  paymentDate: '2026-11-20',
  reference: `R-${n}`,
});

export const postPayment = (
  baseUrl: string,
  token: string,
  key: string,
  body: PaymentBody,
  timeoutMs: number,
) =>
  fetch(`${baseUrl}/api/payments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      [IDEMPOTENCY_KEY_HEADER]: key,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });

/** Every payment on the lease, all pages. */
export async function listPayments(baseUrl: string, token: string, lease: Lease): Promise<Payment[]> {
  const listed: Payment[] = [];
  for (let page = 1; ; page++) {
    const reply = PaymentPage.parse(
      await call(
        baseUrl,
        'GET',
        `/api/payments?leaseId=${lease._id}&pageSize=${PAGE_SIZE}&page=${page}&sort=receiptNumber`,
        undefined,
        token,
      ),
    );
    listed.push(...reply.data);
    if (reply.data.length < PAGE_SIZE) return listed;
  }
}

export const trialBalance = async (baseUrl: string, token: string) =>
  TrialBalance.parse(
    (await call(baseUrl, 'GET', '/api/ledger/trial-balance?currency=USD', undefined, token)).data,
  );

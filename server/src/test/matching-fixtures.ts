import { expect } from 'vitest';
import { BankLineView, LedgerEntry, Payout, type BankLineView as Line } from '@lintel/contracts';
import { expectStatus, type SignedIn, type TestApp } from './harness.ts';
import { caller, type Company } from './money-fixtures.ts';

/** Matching tests (issue 17): read a bank account's entries and lines as the accountant sees them. */

export async function unmatchedEntries(
  t: TestApp,
  co: Company,
  bankAccountId: string,
): Promise<LedgerEntry[]> {
  const page = expectStatus(
    await caller(t)(co.accountant, 'GET', `/api/banking/accounts/${bankAccountId}/entries?pageSize=100`),
    200,
  );
  return LedgerEntry.array().parse(page.data);
}

/** The one unmatched entry whose description or reference holds `text` (a receipt number, a reference). */
export async function entryWith(
  t: TestApp,
  co: Company,
  bankAccountId: string,
  text: string,
): Promise<LedgerEntry> {
  const found = (await unmatchedEntries(t, co, bankAccountId)).filter(
    (entry) => entry.description.includes(text) || entry.reference === text,
  );
  expect(found, `one entry with ${text}`).toHaveLength(1);
  return found[0]!;
}

export async function listLines(
  t: TestApp,
  user: SignedIn,
  bankAccountId: string,
  query = '',
): Promise<Line[]> {
  const page = expectStatus(
    await caller(t)(user, 'GET', `/api/banking/accounts/${bankAccountId}/lines?pageSize=100${query}`),
    200,
  );
  return BankLineView.array().parse(page.data);
}

export async function lineOf(t: TestApp, co: Company, bankAccountId: string, lineId: string): Promise<Line> {
  const line = (await listLines(t, co.accountant, bankAccountId)).find((one) => one._id === lineId);
  expect(line).toBeDefined();
  return line!;
}

/** Pays an owner out of a property account (201 expected). */
export async function payOwner(
  t: TestApp,
  co: Company,
  propertyId: string,
  amount: number,
  options: { reference?: string; payoutDate?: string } = {},
): Promise<Payout> {
  const response = await caller(t)(co.accountant, 'POST', '/api/payouts', {
    accountType: 'property',
    accountId: propertyId,
    amount,
    currency: 'USD',
    method: 'bank_transfer',
    ...options,
  });
  return Payout.parse(expectStatus(response, 201).data);
}

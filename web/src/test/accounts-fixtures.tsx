import type { Lease, PropertyAccount, Statement } from '@lintel/contracts';
import { makeLease as makeBaseLease, uuid } from './fixtures.ts';

export const makePropertyAccount = (overrides: Partial<PropertyAccount> = {}): PropertyAccount => ({
  propertyId: uuid(),
  propertyName: 'Sunset Flats',
  ownerId: uuid(),
  ownerName: 'Grace Owner',
  agentId: null,
  currency: 'USD',
  balance: 125050,
  arrears: 0,
  lastPaymentDate: '2026-11-03',
  ...overrides,
});

export const makeStatement = (overrides: Partial<Statement> = {}): Statement => ({
  title: 'Property statement',
  subject: 'Sunset Flats',
  subjectDetail: null,
  from: '2026-11-01',
  to: '2026-11-23',
  currency: 'USD',
  openingBalance: 10000,
  closingBalance: 55000,
  moneyIn: 90000,
  moneyOut: 45000,
  lines: [
    {
      date: '2026-11-03',
      journalId: uuid(),
      kind: 'rent',
      description: 'Rent received R-0001',
      reference: 'BANK-77',
      amount: 90000,
      balance: 100000,
    },
    {
      date: '2026-11-10',
      journalId: uuid(),
      kind: 'payout',
      description: 'Paid to owner',
      reference: null,
      amount: -45000,
      balance: 55000,
    },
  ],
  ...overrides,
});

/** A statement reply: the statement with its `lines` as page `page` of `total` lines. */
export const statementReply = (
  statement: Statement,
  meta: { page?: number; pageSize?: number; total?: number } = {},
) => ({
  status: 200,
  data: {
    status: 'success',
    data: statement,
    meta: { page: 1, pageSize: 25, total: statement.lines.length, ...meta },
  },
});

/** An ended lease holding its deposit, as the deposit card sees one. */
export const makeLease = (overrides: Partial<Lease> = {}): Lease =>
  makeBaseLease({
    agentId: null,
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    rentAmount: 100000,
    depositAmount: 100000,
    depositHeld: true,
    status: 'expired',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });

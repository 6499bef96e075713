import type { Lease, Payment } from '@lintel/contracts';
import { COMPANY_ID, makeLease, USER_ID, uuid } from './fixtures.ts';

export const makePayment = (overrides: Partial<Payment> = {}): Payment => ({
  _id: uuid(),
  companyId: COMPANY_ID,
  receiptNumber: 'RCT-000042',
  type: 'rent',
  status: 'completed',
  propertyId: uuid(),
  propertyName: 'Sunset Flats',
  leaseId: uuid(),
  tenantId: uuid(),
  tenantName: 'Tendai Moyo',
  agentId: USER_ID,
  agentName: 'Ada Lovelace',
  payerName: null,
  amount: 100000,
  currency: 'USD',
  method: 'cash',
  paymentDate: '2026-11-20',
  reference: null,
  notes: null,
  rates: { commissionRateBp: 1000, agentShareBp: 6000, vatRateBp: 1500 },
  split: { commission: 10000, agentShare: 6000, agencyShare: 4000, vat: 1500, owner: 88500 },
  receivedBy: USER_ID,
  receivedByName: 'Ada Lovelace',
  reversedAt: null,
  reversalReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** An active lease: `makeLease`'s draft, activated. */
export const makeActiveLease = (overrides: Partial<Lease> = {}): Lease =>
  makeLease({ status: 'active', activatedAt: '2026-01-01T00:00:00.000Z', __v: 1, ...overrides });

export const ok = (data: unknown, status = 200) => ({ status, data: { status: 'success', data } });

export const page = (items: unknown[]) => ({
  status: 200,
  data: { status: 'success', data: items, meta: { page: 1, pageSize: 25, total: items.length } },
});

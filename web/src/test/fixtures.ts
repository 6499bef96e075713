import type { Company, Lease, Property, Role, Tenant, User } from '@lintel/contracts';
import { STORAGE_KEYS } from '../lib/session-storage.ts';

export const COMPANY_ID = '11111111-1111-4111-8111-111111111111';
export const USER_ID = '22222222-2222-4222-8222-222222222222';

let sequence = 0;
/** A fresh valid uuid (v4 layout), distinct per call. */
export const uuid = () => `33333333-3333-4333-8333-${String(++sequence).padStart(12, '0')}`;

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: USER_ID,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'agent',
    companyId: COMPANY_ID,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const userWithRole = (role: Role) => makeUser({ role });

/** Signed up without an invitation: no company yet, the default role. */
export const userWithoutCompany = () => makeUser({ role: 'other', companyId: null });

export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    _id: COMPANY_ID,
    name: 'Acme Lettings',
    address: '1 High Street',
    phone: '+1 555 0100',
    email: 'office@acme.example',
    website: null,
    registrationNumber: 'REG-1',
    tinNumber: 'TIN-1',
    vatNumber: null,
    ownerId: null,
    description: null,
    logo: null,
    isActive: true,
    subscriptionStatus: 'trial',
    subscriptionEndDate: null,
    bankAccounts: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    __v: 0,
    ...overrides,
  };
}

export function makeProperty(overrides: Partial<Property> = {}): Property {
  return {
    _id: uuid(),
    companyId: COMPANY_ID,
    name: 'Rose Cottage',
    address: '2 Lane End',
    type: 'cottage',
    status: 'available',
    ownerId: null,
    ownerName: null,
    agentId: null,
    agentName: null,
    rentAmount: 100000,
    levyAmount: 0,
    currency: 'USD',
    bedrooms: 2,
    bathrooms: 1,
    area: null,
    description: null,
    commissionRate: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    __v: 0,
    ...overrides,
  };
}

export const makeLease = (overrides: Partial<Lease> = {}): Lease => ({
  _id: uuid(),
  companyId: COMPANY_ID,
  propertyId: uuid(),
  propertyName: 'Sunset Flats',
  agentId: USER_ID,
  tenantId: uuid(),
  tenantName: 'Tendai Moyo',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  rentAmount: 125050,
  currency: 'USD',
  rentDueDay: 1,
  depositAmount: 0,
  depositHeld: false,
  status: 'draft',
  terms: null,
  escalationBp: null,
  renewedFromId: null,
  renewalId: null,
  activatedAt: null,
  endedAt: null,
  terminationReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  __v: 0,
  ...overrides,
});

export const makeTenant = (overrides: Partial<Tenant> = {}): Tenant => ({
  _id: uuid(),
  name: 'Tina Tenant',
  email: null,
  phone: null,
  idNumber: null,
  notes: null,
  archivedAt: null,
  hasLeases: false,
  canEdit: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  __v: 0,
  ...overrides,
});

/** A signed-in browser: both tokens, the user JSON and the companyId (if any), as login leaves them. */
export function storeSession(user: User = makeUser(), tokens = { access: 'access-1', refresh: 'refresh-1' }) {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  if (user.companyId) localStorage.setItem(STORAGE_KEYS.companyId, user.companyId);
}

export const storedKeys = () =>
  Object.values(STORAGE_KEYS).filter((key) => localStorage.getItem(key) !== null);

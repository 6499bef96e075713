import { z } from 'zod';
import { call, envelope, Id, IdParam, Timestamp } from './common.ts';
import { Currency } from './money.ts';

export const BankAccount = z.object({
  bankName: z.string().trim().min(1).max(120),
  accountName: z.string().trim().min(1).max(120),
  accountNumber: z.string().trim().min(1).max(40),
  branch: z.string().trim().max(120).optional(),
  branchCode: z.string().trim().max(20).optional(),
  swiftCode: z.string().trim().max(20).optional(),
  currency: Currency.optional(),
});
export type BankAccount = z.infer<typeof BankAccount>;

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled'] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

export const Company = z.object({
  _id: Id,
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string().nullable(),
  registrationNumber: z.string(),
  tinNumber: z.string(),
  vatNumber: z.string().nullable(),
  ownerId: Id.nullable(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  isActive: z.boolean(),
  subscriptionStatus: SubscriptionStatus,
  subscriptionEndDate: Timestamp.nullable(),
  bankAccounts: z.array(BankAccount),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  __v: z.number().int(),
});
export type Company = z.infer<typeof Company>;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** What /admin-signup sends as `company`: the new company's profile. */
export const CompanyInput = z.object({
  name: text(160),
  address: text(300),
  phone: text(40),
  email: z.email().trim().toLowerCase().max(254),
  registrationNumber: text(60),
  tinNumber: text(60),
  website: optionalText(200),
  vatNumber: optionalText(60),
  description: optionalText(2000),
  logo: optionalText(500),
  bankAccounts: z.array(BankAccount).max(20).optional(),
});
export type CompanyInput = z.infer<typeof CompanyInput>;

export const CompanyUpdateInput = CompanyInput.partial().extend({ __v: z.number().int().min(0) });
export type CompanyUpdateInput = z.infer<typeof CompanyUpdateInput>;

export const companiesApi = {
  current: call('GET', '/companies/current', {
    summary: "The signed-in user's company (404 NO_COMPANY for a user without one)",
    tag: 'companies',
    reply: envelope(Company),
    noCompanyStatus: 404,
  }),
  get: call('GET', '/companies/:id', {
    summary: 'A company by id (only your own)',
    tag: 'companies',
    params: IdParam,
    reply: envelope(Company),
    noCompanyStatus: 404,
  }),
  update: call('PUT', '/companies/:id', {
    summary: 'Update the company profile (admin); a stale __v is refused with 409',
    tag: 'companies',
    params: IdParam,
    body: CompanyUpdateInput,
    reply: envelope(Company),
  }),
};

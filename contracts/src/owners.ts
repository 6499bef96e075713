import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery } from './common.ts';
import { contactDetailsInput, optionalText } from './contacts.ts';

/** What pickers need of an owner record (PRODUCT.md "Owner"); bank details and notes stay out. */
export const OwnerSummary = z.object({
  _id: Id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The signed-in user bound to this owner record, once they accepted an invitation. */
  userId: Id.nullable(),
});
export type OwnerSummary = z.infer<typeof OwnerSummary>;

/** `q` searches name and email; `sort` is name, email or createdAt (prefix - for descending). */
export const OwnerQuery = PageQuery;
export type OwnerQuery = z.infer<typeof OwnerQuery>;

/** Where an owner's payouts go (PRODUCT.md "Owner": payout bank details). */
export const BankDetails = z.object({
  bankName: z.string().trim().min(1, 'Enter the bank name').max(200),
  accountName: z.string().trim().min(1, 'Enter the account name').max(200),
  accountNumber: z.string().trim().min(1, 'Enter the account number').max(100),
  branch: optionalText(200),
  branchCode: optionalText(50),
});
export type BankDetails = z.infer<typeof BankDetails>;

/** The whole owner record: staff (admin, agent, accountant) and the owner bound to it read this. */
export const Owner = OwnerSummary.extend({
  idNumber: z.string().nullable(),
  bankDetails: z
    .object({
      bankName: z.string(),
      accountName: z.string(),
      accountNumber: z.string(),
      branch: z.string().nullable().optional(),
      branchCode: z.string().nullable().optional(),
    })
    .nullable(),
  notes: z.string().nullable(),
  propertyCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  __v: z.number().int(),
});
export type Owner = z.infer<typeof Owner>;

export const OwnerInput = z.object({
  name: z.string().trim().min(1, 'Enter the owner’s name').max(200),
  ...contactDetailsInput,
  bankDetails: BankDetails.nullable().optional(),
});
export type OwnerInput = z.infer<typeof OwnerInput>;

export const OwnerUpdateInput = OwnerInput.partial().extend({
  /** When sent, a stale version is refused with 409 instead of overwriting. */
  __v: z.number().int().min(0).optional(),
});
export type OwnerUpdateInput = z.infer<typeof OwnerUpdateInput>;

const oneOwner = envelope(Owner);

export const ownersApi = {
  list: call('GET', '/owners', {
    summary: "The company's owner records, for pickers (admin, agent, accountant)",
    tag: 'owners',
    query: OwnerQuery,
    reply: pageEnvelope(OwnerSummary),
  }),
  create: call('POST', '/owners', {
    summary: 'Create an owner record (admin, agent)',
    tag: 'owners',
    body: OwnerInput,
    reply: oneOwner,
    status: 201,
  }),
  get: call('GET', '/owners/:id', {
    summary: 'One owner record (admin, agent, accountant; an owner their own)',
    tag: 'owners',
    params: IdParam,
    reply: oneOwner,
  }),
  update: call('PUT', '/owners/:id', {
    summary: 'Update an owner record (admin, agent)',
    tag: 'owners',
    params: IdParam,
    body: OwnerUpdateInput,
    reply: oneOwner,
  }),
  remove: call('DELETE', '/owners/:id', {
    summary: 'Delete an owner record that no property references (admin)',
    tag: 'owners',
    params: IdParam,
    reply: envelope(z.object({ _id: Id })),
  }),
};

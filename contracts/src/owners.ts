import { z } from 'zod';
import { call, Id, pageEnvelope, PageQuery } from './common.ts';

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

export const ownersApi = {
  list: call('GET', '/owners', {
    summary: "The company's owner records, for pickers (admin, agent, accountant)",
    tag: 'owners',
    query: OwnerQuery,
    reply: pageEnvelope(OwnerSummary),
  }),
};

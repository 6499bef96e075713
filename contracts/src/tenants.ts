import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Timestamp } from './common.ts';
import { contactDetailsInput } from './contacts.ts';

/** A person who rents (PRODUCT.md "Tenant"); not the company, which is the SaaS tenant. */
export const Tenant = z.object({
  _id: Id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  idNumber: z.string().nullable(),
  notes: z.string().nullable(),
  archivedAt: Timestamp.nullable(),
  /** Whether any lease names this tenant (then it cannot be deleted, only archived). */
  hasLeases: z.boolean(),
  /** Whether the signed-in user may edit or archive this tenant (PRODUCT.md roles), so the web hides what it may not. */
  canEdit: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  __v: z.number().int(),
});
export type Tenant = z.infer<typeof Tenant>;

export const TenantInput = z.object({
  name: z.string('Enter the tenant’s full name').trim().min(1, 'Enter the tenant’s full name').max(200),
  ...contactDetailsInput,
});
export type TenantInput = z.infer<typeof TenantInput>;

export const TenantUpdateInput = TenantInput.partial().extend({
  /** true archives the tenant (kept with their leases, hidden from the default list); false restores. */
  archived: z.boolean().optional(),
  /** When sent, a stale version is refused with 409 instead of overwriting. */
  __v: z.number().int().min(0).optional(),
});
export type TenantUpdateInput = z.infer<typeof TenantUpdateInput>;

/** `q` searches name, email, phone and ID number; `archived=true` lists archived tenants instead. */
export const TenantQuery = PageQuery.extend({
  // Query strings carry text: 'true' / 'false' (z.coerce.boolean would read 'false' as true).
  archived: z.stringbool().optional(),
});
export type TenantQuery = z.infer<typeof TenantQuery>;

export const TENANT_HAS_LEASES = 'This tenant has leases, so they cannot be deleted. Archive them instead.';

const tag = 'tenants';
const oneTenant = envelope(Tenant);

export const tenantsApi = {
  list: call('GET', '/tenants', {
    summary:
      'Tenants the signed-in user may see (admin, agent, accountant; an owner those on their properties)',
    tag,
    query: TenantQuery,
    reply: pageEnvelope(Tenant),
  }),
  create: call('POST', '/tenants', {
    summary: 'Add a tenant (admin, agent)',
    tag,
    body: TenantInput,
    reply: oneTenant,
    status: 201,
  }),
  get: call('GET', '/tenants/:id', { summary: 'One tenant', tag, params: IdParam, reply: oneTenant }),
  update: call('PUT', '/tenants/:id', {
    summary:
      'Edit, archive or restore a tenant (admin; agent for tenants on their properties or without leases)',
    tag,
    params: IdParam,
    body: TenantUpdateInput,
    reply: oneTenant,
  }),
  remove: call('DELETE', '/tenants/:id', {
    summary: 'Delete a tenant who has no leases (admin, agent)',
    tag,
    params: IdParam,
    reply: envelope(z.object({ _id: Id })),
  }),
};

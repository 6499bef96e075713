import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Role, Timestamp } from './common.ts';
import { AmountInput, BasisPoints, Currency, MinorUnits } from './money.ts';

export const PROPERTY_TYPES = [
  'apartment',
  'house',
  'townhouse',
  'cottage',
  'commercial',
  'office',
  'retail',
  'industrial',
  'land',
  'other',
] as const;
export const PropertyType = z.enum(PROPERTY_TYPES);
export type PropertyType = z.infer<typeof PropertyType>;

export const PROPERTY_STATUSES = ['available', 'occupied', 'under_maintenance', 'inactive'] as const;
export const PropertyStatus = z.enum(PROPERTY_STATUSES);
export type PropertyStatus = z.infer<typeof PropertyStatus>;

export const Property = z.object({
  _id: Id,
  companyId: Id,
  name: z.string(),
  address: z.string(),
  type: PropertyType,
  status: PropertyStatus,
  ownerId: Id.nullable(),
  ownerName: z.string().nullable(),
  agentId: Id.nullable(),
  agentName: z.string().nullable(),
  rentAmount: MinorUnits,
  levyAmount: MinorUnits,
  currency: Currency,
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  area: z.number().int().nullable(),
  description: z.string().nullable(),
  commissionRate: BasisPoints.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  __v: z.number().int(),
});
export type Property = z.infer<typeof Property>;

// SPEC §5 texts, exactly.
export const PROPERTY_FIELDS_REQUIRED = 'Name, address, and type are required';
export const PROPERTY_ID_REQUIRED = 'Property ID is required';
export const OWNER_ID_REQUIRED = 'Owner ID is required';
export const TRANSFER_FIELDS_REQUIRED = 'Property ID and new owner ID are required';

const isMissing = (input: unknown) => input === undefined || input === null || input === '';
const requiredAs = (message: string) => ({
  error: (issue: { input?: unknown }) => (isMissing(issue.input) ? message : undefined),
});

const count = z.number().int().min(0).max(1000).nullable().optional();

const propertyDetails = {
  status: PropertyStatus.optional(),
  ownerId: Id.nullable().optional(),
  agentId: Id.nullable().optional(),
  rentAmount: AmountInput.optional(),
  levyAmount: AmountInput.optional(),
  currency: Currency.optional(),
  bedrooms: count,
  bathrooms: count,
  area: z.number().int().min(0).max(10_000_000).nullable().optional(),
  description: z.string().trim().max(5000).nullable().optional(),
  commissionRate: BasisPoints.nullable().optional(),
  /** Sent by SPEC's client; never trusted: the company is the signed-in user's. */
  companyId: z.string().optional(),
};

export const PropertyInput = z.object({
  name: z.string(requiredAs(PROPERTY_FIELDS_REQUIRED)).trim().min(1, PROPERTY_FIELDS_REQUIRED).max(200),
  address: z.string(requiredAs(PROPERTY_FIELDS_REQUIRED)).trim().min(1, PROPERTY_FIELDS_REQUIRED).max(500),
  type: z.enum(PROPERTY_TYPES, requiredAs(PROPERTY_FIELDS_REQUIRED)),
  ...propertyDetails,
});
export type PropertyInput = z.infer<typeof PropertyInput>;

export const PropertyUpdateInput = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  address: z.string().trim().min(1).max(500).optional(),
  type: PropertyType.optional(),
  ...propertyDetails,
  /** When sent, a stale version is refused with 409 instead of overwriting. */
  __v: z.number().int().min(0).optional(),
});
export type PropertyUpdateInput = z.infer<typeof PropertyUpdateInput>;

export const TransferInput = z.object({
  newOwnerId: z.string(requiredAs(TRANSFER_FIELDS_REQUIRED)).trim().min(1, TRANSFER_FIELDS_REQUIRED),
  companyId: z.string().optional(),
});
export type TransferInput = z.infer<typeof TransferInput>;

/**
 * Without `page` and `pageSize` a property list answers every property the caller may see: SPEC
 * §4's client sends neither and keeps what it gets as the whole list. With either, it pages.
 */
export const PropertyQuery = PageQuery.extend({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  status: PropertyStatus.optional(),
  type: PropertyType.optional(),
  ownerId: Id.optional(),
  agentId: Id.optional(),
});
export type PropertyQuery = z.infer<typeof PropertyQuery>;

/** SPEC §7 sends who the client thinks it is; the server checks it against the session. */
export const ClaimedIdentity = z.object({
  userId: z.string().optional(),
  companyId: z.string().optional(),
  userRole: Role.or(z.string()).optional(),
});

export const PublicPropertyQuery = PropertyQuery.extend(ClaimedIdentity.shape);
export type PublicPropertyQuery = z.infer<typeof PublicPropertyQuery>;

const tag = 'properties';
const propertyPage = pageEnvelope(Property);
const oneProperty = envelope(Property);

export const propertiesApi = {
  list: call('GET', '/properties', {
    summary:
      'Properties the signed-in user may see (searchable; paged with page or pageSize, else the whole list)',
    tag,
    query: PropertyQuery,
    reply: propertyPage,
  }),
  listPublicFiltered: call('GET', '/properties/public-filtered', {
    summary: 'The same list, for the cookie-only client; claimed identity must match the session',
    tag,
    query: PublicPropertyQuery,
    reply: propertyPage,
  }),
  create: call('POST', '/properties', {
    summary: 'Create a property (admin, agent)',
    tag,
    body: PropertyInput,
    reply: oneProperty,
    status: 201,
  }),
  createPublic: call('POST', '/properties/public', {
    summary: 'Create a property through the cookie-only client (admin, agent)',
    tag,
    query: ClaimedIdentity,
    body: PropertyInput,
    reply: oneProperty,
    status: 201,
  }),
  get: call('GET', '/properties/:id', { summary: 'One property', tag, params: IdParam, reply: oneProperty }),
  update: call('PUT', '/properties/:id', {
    summary: 'Update a property (admin; agent on the properties they manage)',
    tag,
    params: IdParam,
    body: PropertyUpdateInput,
    reply: oneProperty,
  }),
  remove: call('DELETE', '/properties/:id', {
    summary: 'Delete a property (admin; agent on the properties they manage); answers the deleted property',
    tag,
    params: IdParam,
    reply: oneProperty,
  }),
  listByOwner: call('GET', '/properties/owner/:ownerId', {
    summary: "An owner's properties, by owner record id or the owner's user id (whole list unless paged)",
    tag,
    params: z.object({ ownerId: z.string() }),
    query: PropertyQuery,
    reply: propertyPage,
  }),
  transfer: call('PUT', '/properties/:id/transfer', {
    summary: 'Give a property to another owner (admin; agent on the properties they manage)',
    tag,
    params: IdParam,
    body: TransferInput,
    reply: oneProperty,
  }),
};

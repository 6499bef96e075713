import { z } from 'zod';
import { Company, Property, User } from '@lintel/contracts';
import { withFailureMessage } from '../lib/http.ts';

/**
 * The reply shapes SPEC §7 lets the session's calls accept, read with the contracts' schemas: what
 * the server answers always fits, and a reply that does not gets SPEC's own message.
 */

const isRecord = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/** SPEC §7: "possibly under data". */
const underData = (body: unknown) => (isRecord(body) && 'data' in body ? body.data : body);

/** SPEC §3: a received property has its fields. */
export const PropertyReply = z.preprocess(
  underData,
  withFailureMessage(Property, 'Invalid property data received'),
);

/** SPEC §7: a list, or an object whose `data` is the list (the page envelope is one). */
export const PropertyListReply = z
  .union([z.array(z.unknown()), z.object({ data: z.unknown() })])
  .transform((body) => (Array.isArray(body) ? body : body.data))
  .pipe(withFailureMessage(z.array(Property), 'Invalid properties data received'));

// SPEC §5: a company must have these, non-empty.
const REQUIRED_COMPANY_FIELDS = [
  '_id',
  'name',
  'email',
  'registrationNumber',
  'tinNumber',
  'address',
  'phone',
] as const;

const isEmpty = (data: unknown) =>
  data === null || data === undefined || (typeof data === 'object' && Object.keys(data).length === 0);

/** SPEC §5: empty → 'No company data received'; a missing required field → 'Invalid company data received'. */
const CompanyData = withFailureMessage(
  z.unknown().refine((data) => !isEmpty(data)),
  'No company data received',
).pipe(
  withFailureMessage(
    Company.refine((company) => REQUIRED_COMPANY_FIELDS.every((field) => company[field])),
    'Invalid company data received',
  ),
);

/** SPEC §7: the by-id answer is `{ status: 'success', data }` or the company itself. */
export const CompanyByIdReply = z.preprocess(underData, CompanyData);

/** SPEC §7: the current company is the answer's `data`. */
export const CurrentCompanyReply = z.preprocess(
  (body) => (isRecord(body) ? body.data : undefined),
  CompanyData,
);

/**
 * SPEC §5: a session answer without an access token is a failure. A user the contract does not
 * recognise is no server message either: the caller's generic failure (SPEC §8), not a parser dump.
 */
export const sessionReply = (failure: string) =>
  z.preprocess(
    (body) => (isRecord(body) ? body : {}),
    z.object({
      token: withFailureMessage(z.string().min(1), 'No access token received'),
      refreshToken: z.string().optional().catch(undefined),
      user: withFailureMessage(User, failure),
    }),
  );

import { z } from 'zod';

export const Id = z.uuid();
export type Id = z.infer<typeof Id>;

export const Timestamp = z.string();

export const ROLES = ['admin', 'agent', 'owner', 'accountant', 'other'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** SPEC §5's text for a signed-in user without a company; the code is NO_COMPANY (SPEC §8). */
export const NO_COMPANY_MESSAGE = 'User is not associated with any company';

export const ErrorBody = z.object({
  status: z.literal('error'),
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const PageMeta = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /**
   * Set when the list stopped counting (see the server's LIST_COUNT_LIMIT): at least `total` rows
   * match, maybe more. Counting every match of a 10,000-row list on each page costs more than
   * the page itself.
   */
  totalIsLowerBound: z.literal(true).optional(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  sort: z.string().max(50).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('success'), data });
export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal('success'), data: z.array(item), meta: PageMeta });

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP call: the server registers it as a route, the web client sends and parses through
 * it. `path` is relative to /api, with `:name` parameters.
 */
export interface Call<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  reply: R;
  status: number;
  /**
   * 'public' needs no session; 'session' needs one, by Bearer token or cookie, of a user in a
   * company; 'account' needs a session, company or not (a user who signed up without one).
   */
  access: 'public' | 'session' | 'account';
  /**
   * What a 'session' call answers a user without a company: NO_COMPANY with this status (409 by
   * default; the company's own calls say 404). Never 401 or 403: SPEC's client would refresh the
   * session on a 401 and clear it on a 403.
   */
  noCompanyStatus?: 404 | 409;
  /** Media types other than JSON the call can answer with (files: CSV, PDF). */
  produces?: string | string[];
}

export function call<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(
  method: Method,
  path: string,
  spec: Omit<Call<P, Q, B, R>, 'method' | 'path' | 'status' | 'access'> &
    Partial<Pick<Call, 'status' | 'access' | 'noCompanyStatus'>>,
): Call<P, Q, B, R> {
  return { method, path, status: 200, access: 'session', ...spec };
}

/** Path parameter that is an id: anything else is simply not found, never a database error. */
export const IdParam = z.object({ id: z.string() });

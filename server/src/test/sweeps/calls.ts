import type { SignedIn, TestApp } from '../harness.ts';
import { validBody } from './contracts.ts';
import {
  enumPathChoices,
  exampleOf,
  fillPath,
  isIdSlot,
  parameterValue,
  queryString,
  segmentBefore,
  takesNoJson,
  type IdFor,
  type Operation,
  type Slot,
} from './openapi.ts';
import type { SweepRequest } from './requests.ts';
import { pngUpload, type IdKind, type World } from './world.ts';

/** Record kinds an id field names, by its name; several when it may name either. */
const KINDS_BY_NAME: Record<string, IdKind[]> = {
  propertyId: ['property'],
  leaseId: ['lease'],
  tenantId: ['tenant'],
  ownerId: ['owner', 'ownerUser'],
  newOwnerId: ['owner'],
  agentId: ['agent'],
  userId: ['user'],
  actorId: ['user'],
  assigneeId: ['agent'],
  assignedToId: ['agent'],
  paymentId: ['payment'],
  chargeIds: ['levyCharge'],
  companyId: ['company'],
  clientId: ['owner', 'tenant'],
  accountId: ['property', 'agent'],
  attachmentId: ['attachment'],
  bankAccountId: ['bankAccount'],
};

/** Record kinds a path's `{id}` names, by the segment before it (/properties/{id} → property). */
const KINDS_BY_SEGMENT: Record<string, IdKind[]> = {
  companies: ['company'],
  users: ['user'],
  invitations: ['invitation'],
  properties: ['property'],
  tenants: ['tenant'],
  leases: ['lease'],
  owners: ['owner'],
  payments: ['payment'],
  maintenance: ['maintenance'],
  invoices: ['invoice'],
  tasks: ['task'],
  levies: ['levy'],
  agents: ['agent'],
  accounts: ['bankAccount'],
  lines: ['bankLine'],
  matches: ['bankMatch'],
  suspense: ['suspenseItem'],
  reconciliations: ['reconciliation'],
};

/**
 * What a slot names. Unknown names (a new route's `fooId`, a body's `link.id`) name any kind:
 * the sweep then tries every one of the other company's ids.
 */
export function kindsOf(slot: Slot): IdKind[] | undefined {
  if (slot.name !== 'id') return KINDS_BY_NAME[slot.name];
  return slot.where === 'path' ? KINDS_BY_SEGMENT[slot.segment ?? ''] : undefined;
}

/** A company's own id for a slot: its record of the slot's first kind (a property when unknown). */
export const ownId = (world: World) => (slot: Slot) => world.ids[kindsOf(slot)?.[0] ?? 'property'];

/** The id slots of an operation: path parameters, id-like query parameters and body fields. */
export function slotsOf(operation: Operation): Slot[] {
  const slots: Slot[] = [
    ...operation.pathParams
      .filter((parameter) => isIdSlot(parameter.name, parameter.schema, 'path'))
      .map((parameter) => ({
        where: 'path' as const,
        name: parameter.name,
        segment: segmentBefore(operation.path, parameter.name),
        key: `path:${parameter.name}`,
      })),
    ...operation.queryParams
      .filter((parameter) => isIdSlot(parameter.name, parameter.schema, 'query'))
      .map((parameter) => ({
        where: 'query' as const,
        name: parameter.name,
        key: `query:${parameter.name}`,
      })),
  ];
  if (operation.body) {
    exampleOf(operation.body, (slot) => {
      slots.push(slot);
      return '';
    });
  }
  return slots;
}

export interface Shape {
  /** Values of enum path parameters (a report's name, an import's kind). */
  choice: Record<string, string>;
  /** For a write without a JSON body: sent empty, or as a one-file upload. */
  upload: boolean;
}

/** Every shape an operation is called in: each enum choice, and for a bodiless write, with and without a file. */
export const shapesOf = (operation: Operation): Shape[] =>
  enumPathChoices(operation).flatMap((choice) =>
    (takesNoJson(operation) ? [false, true] : [false]).map((upload) => ({ choice, upload })),
  );

/**
 * A valid request for an operation with every id chosen by `idFor`: path and body ids, required
 * query parameters, and the query id slots `withQuery` names.
 */
export function buildRequest(
  operation: Operation,
  shape: Shape,
  idFor: IdFor,
  withQuery: (slot: Slot) => boolean = () => false,
): SweepRequest {
  const pathValues = Object.fromEntries(
    operation.pathParams.map((parameter) => [
      parameter.name,
      shape.choice[parameter.name] ??
        idFor({
          where: 'path',
          name: parameter.name,
          segment: segmentBefore(operation.path, parameter.name),
          key: `path:${parameter.name}`,
        }),
    ]),
  );
  const query: Record<string, string> = {};
  for (const parameter of operation.queryParams) {
    const slot: Slot = { where: 'query', name: parameter.name, key: `query:${parameter.name}` };
    if (isIdSlot(parameter.name, parameter.schema, 'query')) {
      if (withQuery(slot)) query[parameter.name] = idFor(slot);
    } else if (parameter.required) query[parameter.name] = parameterValue(parameter);
  }
  const request: SweepRequest = {
    method: operation.method,
    url: `${fillPath(operation.path, pathValues)}${queryString(query)}`,
  };
  if (operation.body) request.payload = validBody(operation, idFor) as SweepRequest['payload'];
  if (shape.upload) {
    const upload = pngUpload();
    request.headers = upload.headers;
    request.payload = upload.payload;
  }
  return request;
}

/**
 * Updates carry the record's `__v`: read it where the same address answers a GET, so an update
 * is not refused as stale before its ids are looked at.
 */
export async function withCurrentVersion(
  t: TestApp,
  operations: Operation[],
  operation: Operation,
  request: SweepRequest,
  reader: SignedIn,
): Promise<SweepRequest> {
  const body = request.payload as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || !('__v' in body)) return request;
  if (!operations.some((other) => other.method === 'GET' && other.path === operation.path)) return request;
  const response = await t.app.inject({
    method: 'GET',
    url: request.url.split('?')[0]!,
    headers: reader.auth,
  });
  if (response.statusCode !== 200) return request;
  const version = response.json<{ data?: { __v?: unknown } }>().data?.__v;
  return typeof version === 'number' ? { ...request, payload: { ...body, __v: version } } : request;
}

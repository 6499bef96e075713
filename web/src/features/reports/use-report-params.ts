import { useSearchParams } from 'react-router';
import { ArrearsGroup, IsoDate, ReportKind, type ArrearsGroup as Group } from '@lintel/contracts';
import { firstOfMonth, periodError, todayIso } from '../../lib/format.ts';
import type { ReportRequest } from './api.ts';

/** The records a report can be narrowed to. */
export type RecordFilter = 'property' | 'owner' | 'agent';
export const RECORD_FILTER_PARAMS = {
  property: 'propertyId',
  owner: 'ownerId',
  agent: 'agentId',
} as const;

/**
 * Which record filters each report takes. Trust reconciliation is the whole trust account, so it
 * takes none; occupancy of one property says nothing a property page does not.
 */
export const REPORT_FILTERS: Record<ReportKind, readonly RecordFilter[]> = {
  income: ['property', 'owner', 'agent'],
  'rent-roll': ['property', 'owner', 'agent'],
  arrears: ['property', 'owner', 'agent'],
  commissions: ['property', 'owner', 'agent'],
  occupancy: ['owner', 'agent'],
  'trust-reconciliation': [],
  'owner-statements': ['owner'],
};

/**
 * The dates a report reads: a period (from–to), one day (as of `to`: balances and leases in
 * force that day), or none (occupancy is each property's status now).
 */
export const REPORT_DATES: Record<ReportKind, 'period' | 'as-of' | 'now'> = {
  income: 'period',
  'rent-roll': 'as-of',
  arrears: 'as-of',
  commissions: 'period',
  occupancy: 'now',
  'trust-reconciliation': 'as-of',
  'owner-statements': 'period',
};

export interface ReportParams {
  kind: ReportKind;
  from: string;
  to: string;
  /** '' until one is picked: the server answers in the company's default currency. */
  currency: string;
  propertyId: string;
  ownerId: string;
  agentId: string;
  groupBy: Group;
}

export type ReportParamChanges = Partial<Record<Exclude<keyof ReportParams, 'kind'>, string>> & {
  kind?: ReportKind;
};

/**
 * A report's choice and filters live in the address, so a report can be bookmarked and shared.
 * What the address leaves out takes its default: income over the twelve months up to today.
 */
export function useReportParams() {
  const [search, setSearch] = useSearchParams();
  const text = (name: string) => search.get(name) ?? '';
  const params: ReportParams = {
    kind: ReportKind.safeParse(search.get('report')).data ?? 'income',
    from: search.get('from') ?? firstOfMonth(11),
    to: search.get('to') ?? todayIso(),
    currency: text('currency'),
    propertyId: text('propertyId'),
    ownerId: text('ownerId'),
    agentId: text('agentId'),
    groupBy: ArrearsGroup.safeParse(search.get('groupBy')).data ?? 'tenant',
  };

  const update = (changes: ReportParamChanges) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          const key = name === 'kind' ? 'report' : name;
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      // Typing a date must not leave a trail of history entries behind.
      { replace: true },
    );

  return { params, update };
}

/** What is wrong with the dates the report reads, or null. */
export function datesError(params: ReportParams) {
  const mode = REPORT_DATES[params.kind];
  if (mode === 'now') return null;
  if (mode === 'as-of') {
    const parsed = IsoDate.safeParse(params.to);
    return parsed.success
      ? null
      : { field: 'to' as const, message: parsed.error.issues[0]?.message ?? 'Enter a date' };
  }
  return periodError(params);
}

/**
 * What the server is asked for: the dates the report reads, the currency once picked, and the
 * filters this report takes.
 */
export function reportRequestOf(params: ReportParams): ReportRequest {
  const mode = REPORT_DATES[params.kind];
  const request: ReportRequest = {
    ...(mode === 'period' ? { from: params.from } : {}),
    ...(mode === 'now' ? {} : { to: params.to }),
  };
  if (params.currency) request.currency = params.currency;
  for (const filter of REPORT_FILTERS[params.kind]) {
    const id = params[RECORD_FILTER_PARAMS[filter]];
    if (id) request[RECORD_FILTER_PARAMS[filter]] = id;
  }
  if (params.kind === 'arrears') request.groupBy = params.groupBy;
  return request;
}

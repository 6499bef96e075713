import {
  agingBucketOf,
  PROPERTY_TYPES,
  type AgingTotals,
  type ArrearsGroup,
  type PropertyCounts,
  type PropertyType,
  type Statement,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import { commissionFigures, ownerStatementOf } from '../accounts/index.ts';
import { accountBalances, bookOf, ledgerAccount } from '../ledger/index.ts';
import * as repo from './repo.ts';
import type { ReportFilter } from './repo.ts';

/**
 * The figures behind each report, inside the caller's transaction: the reports feature turns them
 * into tables and the dashboards read them, so a dashboard figure and its report never disagree.
 */

type Scope = Pick<Ctx, 'companyId'>;
type Viewer = Pick<Ctx, 'companyId' | 'role' | 'userId'>;

export type { ReportFilter, RentRollRow } from './repo.ts';

export interface Period {
  from: string;
  to: string;
  currency: string;
  filter: ReportFilter;
}

export interface AsOf {
  asOf: string;
  currency: string;
  filter: ReportFilter;
}

/** Income report: one MonthlyIncome per month of the period, zeros included. */
export const incomeByMonth = (tx: Tx, scope: Scope, period: Period) => repo.incomeByMonth(tx, scope, period);

/** Payments received in the period and still standing (the income report's receipts). */
export const countPayments = (tx: Tx, scope: Scope, period: Period) => repo.countPayments(tx, scope, period);

/** Rent roll report: leases in force on `asOf`. */
export const rentRoll = (tx: Tx, scope: Scope, query: AsOf) => repo.rentRoll(tx, scope, query);

const noArrears = (): AgingTotals => ({
  current: 0,
  days1to30: 0,
  days31to60: 0,
  days61to90: 0,
  days90plus: 0,
  total: 0,
});

export type ArrearsLine = AgingTotals & { id: string | null; name: string };

/** Arrears report: per group, rent owed in each aging bucket as of `asOf`; most owed first. */
export async function arrearsAging(
  tx: Tx,
  scope: Scope,
  query: AsOf & { groupBy: ArrearsGroup },
): Promise<{ rows: ArrearsLine[]; totals: AgingTotals }> {
  const groups = new Map<string, ArrearsLine>();
  const totals = noArrears();
  for (const charge of await repo.arrearsByDueDate(tx, scope, query)) {
    const key = charge.id ?? '';
    const line = groups.get(key) ?? { id: charge.id, name: charge.name, ...noArrears() };
    groups.set(key, line);
    const bucket = agingBucketOf(charge.daysLate);
    line[bucket] += charge.outstanding;
    line.total += charge.outstanding;
    totals[bucket] += charge.outstanding;
    totals.total += charge.outstanding;
  }
  const rows = [...groups.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return { rows, totals };
}

/** Commissions report: accounts' commission figures (an agent viewer sees only their own). */
export const commissions = (tx: Tx, viewer: Viewer, period: Period) =>
  commissionFigures(tx, viewer, {
    from: period.from,
    to: period.to,
    currency: period.currency,
    ...period.filter,
  });

const noProperties = (): PropertyCounts => ({
  total: 0,
  occupied: 0,
  available: 0,
  underMaintenance: 0,
  inactive: 0,
  occupancyRateBp: null,
});

const COUNT_OF_STATUS = {
  occupied: 'occupied',
  available: 'available',
  under_maintenance: 'underMaintenance',
  inactive: 'inactive',
} as const;

/** occupied / (total − inactive) in basis points, half up; null with nothing to let. */
function withRate(counts: PropertyCounts): PropertyCounts {
  const lettable = counts.total - counts.inactive;
  return {
    ...counts,
    occupancyRateBp: lettable > 0 ? Math.round((counts.occupied * 10000) / lettable) : null,
  };
}

/**
 * Occupancy report, from each property's status now: counts per type (in PROPERTY_TYPES order,
 * types with properties only), the totals, and the vacant (available) properties with the
 * monthly rent they would bring in the currency.
 */
export async function occupancy(tx: Tx, scope: Scope, query: { currency: string; filter: ReportFilter }) {
  const byType = new Map<PropertyType, PropertyCounts>();
  const totals = noProperties();
  const vacant = { count: 0, rentLost: 0 };
  for (const group of await repo.propertiesByTypeAndStatus(tx, scope, query)) {
    const counts = byType.get(group.type) ?? noProperties();
    byType.set(group.type, counts);
    const key = COUNT_OF_STATUS[group.status];
    counts[key] += group.count;
    counts.total += group.count;
    totals[key] += group.count;
    totals.total += group.count;
    if (group.status === 'available') {
      vacant.count += group.count;
      vacant.rentLost += group.rent;
    }
  }
  return {
    byType: PROPERTY_TYPES.filter((type) => byType.has(type)).map((type) => ({
      type,
      ...withRate(byType.get(type)!),
    })),
    totals: withRate(totals),
    vacant,
  };
}

export interface TrustPosition {
  /** What the trust bank account holds (its debit balance). */
  trustBank: number;
  /** Clients' money, positive: owners (property accounts), tenants' deposits, unidentified receipts. */
  owners: number;
  deposits: number;
  suspense: number;
  clientMoney: number;
  /** The agency's commission and VAT not yet transferred out of trust: not client money. */
  dueToAgency: number;
  /** Any other trust account (none today): kept so the difference is always the whole truth. */
  other: number;
  totalHeld: number;
  /** trustBank − totalHeld: zero when the books balance. */
  difference: number;
}

const HOLDERS = [
  ['owners', (account: string) => account.startsWith(ledgerAccount.property(''))],
  ['deposits', (account: string) => account.startsWith(ledgerAccount.deposits(''))],
  ['suspense', (account: string) => account === ledgerAccount.trustSuspense],
  ['dueToAgency', (account: string) => account === ledgerAccount.dueToAgency],
] as const;

/** Trust reconciliation report: the trust bank against what it holds for whom, on `asOf`. */
export async function trustReconciliation(
  tx: Tx,
  scope: Scope,
  query: { asOf: string; currency: string },
): Promise<TrustPosition> {
  const position = { trustBank: 0, owners: 0, deposits: 0, suspense: 0, dueToAgency: 0, other: 0 };
  for (const { account, balance } of await accountBalances(tx, scope, {
    currency: query.currency,
    upTo: query.asOf,
  })) {
    if (bookOf(account) !== 'trust') continue;
    if (account === ledgerAccount.trustBank) {
      position.trustBank += balance;
      continue;
    }
    // Ledger lines are debit-positive: money held for someone is a credit balance.
    const holder = HOLDERS.find(([, matches]) => matches(account))?.[0] ?? 'other';
    position[holder] -= balance;
  }
  const clientMoney = position.owners + position.deposits + position.suspense;
  const totalHeld = clientMoney + position.dueToAgency + position.other;
  return { ...position, clientMoney, totalHeld, difference: position.trustBank - totalHeld };
}

export type OwnerStatement = Statement & { ownerId: string };

/** Owner statements report: each owner's statement (accounts' owner statement) for the period. */
export async function ownerStatements(tx: Tx, scope: Scope, period: Period): Promise<OwnerStatement[]> {
  const statements: OwnerStatement[] = [];
  for (const owner of await repo.ownersWithProperties(tx, scope, period.filter)) {
    const { statement } = await ownerStatementOf(tx, scope, owner, period);
    statements.push({ ownerId: owner.id, ...statement });
  }
  return statements;
}

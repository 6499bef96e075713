import {
  addDays,
  AGING_BUCKETS,
  AGING_LABELS,
  REPORT_PERIOD_ORDER,
  type ArrearsGroup,
  type Report,
  type ReportColumn,
  type ReportFigure,
  type ReportKind,
  type ReportQuery,
  type ReportRow,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { formatDocumentDate } from '../../lib/documents/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { scopeFor } from '../../lib/visibility.ts';
import { loadFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import { findOwner, findOwnerOfUser } from '../owners/index.ts';
import { findProperty } from '../properties/index.ts';
import { findUserById } from '../users/index.ts';
import * as figures from './figures.ts';
import type { OwnerStatement, Period, ReportFilter } from './figures.ts';

/** "2026-11-24" → "2026-11-01". */
export const monthStart = (isoDate: string) => `${isoDate.slice(0, 7)}-01`;

/** The first day of the month `months` after (or before) the month of `isoDate`. */
export function addMonths(isoDate: string, months: number): string {
  const date = new Date(`${monthStart(isoDate)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The last day of the month of `isoDate`. */
export const monthEnd = (isoDate: string) => addDays(addMonths(isoDate, 1), -1);

/** The contract's default period: the twelve months up to `to` (from the first of the eleventh month back). */
export const twelveMonthsTo = (to: string) => ({ from: addMonths(to, -11), to });

/** The company's default currency unless one is asked for; only an enabled currency. */
export async function reportCurrency(tx: Tx, ctx: Ctx, asked: string | undefined): Promise<string> {
  const settings = await loadFinanceSettings(tx, ctx);
  const currency = asked ?? settings.defaultCurrency;
  if (!settings.currencies.includes(currency)) {
    throw badRequest(
      'CURRENCY_NOT_ENABLED',
      `${currency} is not enabled for this company. Enabled: ${settings.currencies.join(', ')}.`,
    );
  }
  return currency;
}

/** Another company's (or an unknown) id is 404, as everywhere. */
async function checkFilter(tx: Tx, ctx: Ctx, query: ReportQuery): Promise<ReportFilter> {
  if (query.propertyId && !(await findProperty(tx, ctx, query.propertyId))) {
    throw notFound('Property not found');
  }
  let ownerId: string | undefined;
  if (query.ownerId) {
    const owner = await findOwner(tx, ctx, query.ownerId);
    if (!owner) throw notFound('Owner not found');
    ownerId = owner.id;
  }
  if (query.agentId) {
    const agent = isUuid(query.agentId) ? await findUserById(tx, query.agentId) : undefined;
    if (agent?.companyId !== ctx.companyId) throw notFound('Agent not found');
  }
  return { propertyId: query.propertyId, ownerId, agentId: query.agentId };
}

/**
 * An owner reads only their own statements: the owner record bound to them, whatever else is
 * asked (another owner's id is 404). Without a record there is nothing of theirs to show.
 */
async function ownFilter(tx: Tx, ctx: Ctx, query: ReportQuery): Promise<ReportFilter | null> {
  const own = await findOwnerOfUser(tx, ctx, ctx.userId);
  if (query.ownerId && query.ownerId !== own?.id && query.ownerId !== ctx.userId) {
    throw notFound('Owner not found');
  }
  return own ? { ownerId: own.id } : null;
}

const column = (key: string, label: string, type: ReportColumn['type']): ReportColumn => ({
  key,
  label,
  type,
});
const figure = (label: string, value: number, type: ReportFigure['type'] = 'money'): ReportFigure => ({
  label,
  value,
  type,
});

// Figures and chart series take their column's label, so a chart never names a column otherwise.
const labelOf = (columns: ReportColumn[], key: string) => columns.find((each) => each.key === key)!.label;

/** Headline figures of the totals row, each labelled as its column. */
const totalFigures = (columns: ReportColumn[], totals: ReportRow, keys: string[]): ReportFigure[] =>
  keys.map((key) => figure(labelOf(columns, key), Number(totals[key])));

/** A bar chart of columns over `xKey`, each series labelled as its column. */
const barChart = (columns: ReportColumn[], xKey: string, keys: readonly string[], stacked: boolean) => ({
  type: 'bar' as const,
  xKey,
  series: keys.map((key) => ({ key, label: labelOf(columns, key) })),
  stacked,
});

/** The sum of each money or count column over the rows, under `label` in the first column. */
function totalsOf(columns: ReportColumn[], rows: ReportRow[], label = 'Total'): ReportRow {
  const totals: ReportRow = { [columns[0]!.key]: label };
  for (const { key, type } of columns) {
    if (type === 'money' || type === 'count') {
      totals[key] = rows.reduce((sum, row) => sum + Number(row[key] ?? 0), 0);
    }
  }
  return totals;
}

type Body = Pick<Report, 'title' | 'description' | 'summary' | 'columns' | 'rows' | 'totals' | 'chart'> &
  Partial<Pick<Report, 'closingRows'>>;

interface Built {
  body: Body;
  /** Owner statements only: each owner's full statement, for the bulk PDF. */
  statements?: OwnerStatement[];
}

async function income(tx: Tx, ctx: Ctx, period: Period): Promise<Built> {
  const months = await figures.incomeByMonth(tx, ctx, period);
  const columns = [
    column('month', 'Month', 'month'),
    column('collected', 'Collected income', 'money'),
    column('rent', 'Rent', 'money'),
    column('otherIncome', 'Other income', 'money'),
    column('deposits', 'Deposits', 'money'),
    column('ownerTopUps', 'Owner top-ups', 'money'),
    column('commission', 'Commission', 'money'),
    column('vat', 'VAT', 'money'),
    column('levies', 'Levies', 'money'),
    column('expenses', 'Expenses', 'money'),
  ];
  const rows = months.map((month) => ({ ...month }));
  const totals = totalsOf(columns, rows);
  return {
    body: {
      title: 'Income by month',
      description:
        "Money received (net of reversals, on the day each was received or reversed), split into rent, other income, deposits and owner top-ups. Collected income is rent plus other income only: deposits are held for tenants and owner top-ups are owners' own money. Other income is agency invoices' fees (excluding VAT) on the day each was marked paid, plus receipts of invoices issued on an owner's behalf; a receipt that paid an agency invoice counts once, as its fee. Also the commission and VAT taken from rent, and the levies and expenses paid out of property accounts.",
      summary: totalFigures(columns, totals, [
        'collected',
        'deposits',
        'ownerTopUps',
        'commission',
        'vat',
        'levies',
        'expenses',
      ]),
      columns,
      rows,
      totals,
      chart: barChart(columns, 'month', ['rent', 'otherIncome', 'deposits', 'ownerTopUps'], true),
    },
  };
}

async function rentRoll(tx: Tx, ctx: Ctx, period: Period): Promise<Built> {
  const leases = await figures.rentRoll(tx, ctx, { ...period, asOf: period.to });
  const columns = [
    column('property', 'Property', 'text'),
    column('tenant', 'Tenant', 'text'),
    column('owner', 'Owner', 'text'),
    column('agent', 'Agent', 'text'),
    column('startDate', 'Start', 'date'),
    column('endDate', 'End', 'date'),
    column('rent', 'Monthly rent', 'money'),
    column('depositHeld', 'Deposit held', 'money'),
    column('arrears', 'Arrears', 'money'),
  ];
  const rows = leases.map((lease) => ({ ...lease }));
  const totals = totalsOf(columns, rows);
  return {
    body: {
      title: 'Rent roll',
      description: `Leases in force on ${formatDocumentDate(period.to)}: monthly rent, the deposit held and the rent owed that day.`,
      summary: [
        figure('Leases', rows.length, 'count'),
        figure('Monthly rent', Number(totals.rent)),
        figure('Deposits held', Number(totals.depositHeld)),
        figure('Arrears', Number(totals.arrears)),
      ],
      columns,
      rows,
      totals,
      chart: null,
    },
  };
}

const GROUP_LABELS: Record<ArrearsGroup, string> = {
  tenant: 'Tenant',
  property: 'Property',
  owner: 'Owner',
  agent: 'Agent',
};

async function arrears(tx: Tx, ctx: Ctx, period: Period, groupBy: ArrearsGroup): Promise<Built> {
  const aging = await figures.arrearsAging(tx, ctx, { ...period, asOf: period.to, groupBy });
  const columns = [
    column('name', GROUP_LABELS[groupBy], 'text'),
    ...AGING_BUCKETS.map((bucket) => column(bucket, AGING_LABELS[bucket], 'money')),
    column('total', 'Total', 'money'),
  ];
  return {
    body: {
      title: 'Arrears aging',
      description: `Rent due by ${formatDocumentDate(period.to)} and not yet paid, by ${groupBy}, by whole days past the due date.`,
      summary: [
        figure('Total arrears', aging.totals.total),
        figure('More than 30 days late', aging.totals.total - aging.totals.current - aging.totals.days1to30),
        figure('90+ days', aging.totals.days90plus),
        figure(`${GROUP_LABELS[groupBy]}s in arrears`, aging.rows.length, 'count'),
      ],
      columns,
      rows: aging.rows,
      totals: { name: 'Total', ...aging.totals },
      chart: barChart(columns, 'name', AGING_BUCKETS, true),
    },
  };
}

async function commissions(tx: Tx, ctx: Ctx, period: Period): Promise<Built> {
  const { byAgent, totals: sums } = await figures.commissions(tx, ctx, period);
  const columns = [
    column('agent', 'Agent', 'text'),
    column('collected', 'Rent collected', 'money'),
    column('commission', 'Commission', 'money'),
    column('agentShare', 'Agent share', 'money'),
    column('agencyShare', 'Agency share', 'money'),
    column('vat', 'VAT', 'money'),
  ];
  const totals = { agent: 'Total', ...sums };
  return {
    body: {
      title: 'Commissions',
      description:
        'Commission on rent received, by the agent each payment was received for, net of reversals.',
      summary: totalFigures(columns, totals, ['collected', 'commission', 'agentShare', 'agencyShare', 'vat']),
      columns,
      rows: byAgent.map(({ agentId, agentName, ...amounts }) => ({ agentId, agent: agentName, ...amounts })),
      totals,
      chart: barChart(columns, 'agent', ['agentShare', 'agencyShare'], true),
    },
  };
}

const typeLabel = (type: string) => `${type.charAt(0).toUpperCase()}${type.slice(1)}`;

async function occupancy(tx: Tx, ctx: Ctx, period: Period): Promise<Built> {
  const { byType, totals, vacant } = await figures.occupancy(tx, ctx, period);
  const columns = [
    column('type', 'Type', 'text'),
    column('total', 'Properties', 'count'),
    column('occupied', 'Occupied', 'count'),
    column('available', 'Available', 'count'),
    column('underMaintenance', 'Under maintenance', 'count'),
    column('inactive', 'Inactive', 'count'),
    column('occupancyRateBp', 'Occupancy', 'percent'),
  ];
  return {
    body: {
      title: 'Occupancy',
      description:
        'Properties by type and status now. Occupancy is occupied over all but inactive properties; the rent lost is the monthly rent of the available ones.',
      summary: [
        figure('Properties', totals.total, 'count'),
        ...(totals.occupancyRateBp === null ? [] : [figure('Occupancy', totals.occupancyRateBp, 'percent')]),
        figure('Vacant properties', vacant.count, 'count'),
        figure('Monthly rent lost to vacancy', vacant.rentLost),
      ],
      columns,
      rows: byType.map(({ type, ...counts }) => ({ typeKey: type, type: typeLabel(type), ...counts })),
      totals: { type: 'Total', ...totals },
      chart: barChart(columns, 'type', ['occupied', 'available', 'underMaintenance', 'inactive'], true),
    },
  };
}

const TRUST_ROWS: [keyof figures.TrustPosition, string][] = [
  ['trustBank', 'Trust bank account'],
  ['owners', 'Held for owners (property accounts)'],
  ['deposits', 'Tenant deposits held'],
  ['suspense', 'Unidentified receipts (suspense)'],
  ['clientMoney', 'Client money'],
  ['dueToAgency', 'Due to the agency (commission and VAT not yet transferred)'],
  ['other', 'Other accounts'],
];
// The sum of the rows above, and the bank against it: totals, not accounts.
const TRUST_CLOSING_ROWS: [keyof figures.TrustPosition, string][] = [
  ['totalHeld', 'Total held in trust'],
  ['difference', 'Difference'],
];

async function trustReconciliation(tx: Tx, ctx: Ctx, period: Period): Promise<Built> {
  const position = await figures.trustReconciliation(tx, ctx, { asOf: period.to, currency: period.currency });
  const trustRow = ([key, label]: [keyof figures.TrustPosition, string]) => ({
    key,
    item: label,
    amount: position[key],
  });
  return {
    body: {
      title: 'Trust reconciliation',
      description: `The trust bank account against the client money it holds, and what is due to the agency, on ${formatDocumentDate(period.to)}. The difference is zero when the books balance. This is the ledger's own check; the reconciliation against the bank's statement (three-way) is under Bank reconciliation.`,
      summary: [
        figure('Trust bank account', position.trustBank),
        figure('Client money', position.clientMoney),
        figure('Due to the agency', position.dueToAgency),
        figure('Difference', position.difference),
      ],
      columns: [column('item', 'Account', 'text'), column('amount', 'Amount', 'money')],
      rows: TRUST_ROWS.filter(([key]) => (key !== 'other' && key !== 'suspense') || position[key] !== 0).map(
        trustRow,
      ),
      totals: null,
      closingRows: TRUST_CLOSING_ROWS.map(trustRow),
      chart: null,
    },
  };
}

function ownerStatements(statements: OwnerStatement[]): Built {
  const columns = [
    column('owner', 'Owner', 'text'),
    column('openingBalance', 'Opening balance', 'money'),
    column('moneyIn', 'Money in', 'money'),
    column('moneyOut', 'Money out', 'money'),
    column('closingBalance', 'Closing balance', 'money'),
  ];
  const rows = statements.map((statement) => ({
    ownerId: statement.ownerId,
    owner: statement.subject,
    openingBalance: statement.openingBalance,
    moneyIn: statement.moneyIn,
    moneyOut: statement.moneyOut,
    closingBalance: statement.closingBalance,
  }));
  const totals = totalsOf(columns, rows);
  return {
    body: {
      title: 'Owner statements',
      description:
        "Each owner's account over all their properties: opening balance, money in, money out and closing balance. The PDF holds every owner's full statement.",
      summary: [
        figure('Owners', rows.length, 'count'),
        ...totalFigures(columns, totals, ['moneyIn', 'moneyOut', 'closingBalance']),
      ],
      columns,
      rows,
      totals,
      chart: null,
    },
    statements,
  };
}

/**
 * `from`/`to` as the contract defaults them (the twelve months up to today, or up to `to`); the
 * period must not run backwards once defaulted.
 */
function periodOf(query: ReportQuery, today: string) {
  const to = query.to ?? today;
  const from = query.from ?? twelveMonthsTo(to).from;
  if (to < from) throw badRequest('VALIDATION', REPORT_PERIOD_ORDER);
  return { from, to };
}

/**
 * A report as the generic table. Admins and accountants read every report with any filter; an
 * owner only the owner statements, of their own owner record.
 */
export const buildReport = (
  ctx: Ctx,
  kind: ReportKind,
  query: ReportQuery,
  today = todayIso(),
): Promise<{ report: Report; statements: OwnerStatement[] }> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'accountant', 'owner']);
    if (ctx.role === 'owner' && kind !== 'owner-statements') throw forbidden();
    const { from, to } = periodOf(query, today);
    const currency = await reportCurrency(tx, ctx, query.currency);
    const ownOnly = scopeFor(ctx, 'ownerStatement').kind === 'ownedBy';
    const filter = ownOnly ? await ownFilter(tx, ctx, query) : await checkFilter(tx, ctx, query);
    const period: Period = { from, to, currency, filter: filter ?? {} };
    let built: Built;
    switch (kind) {
      case 'income':
        built = await income(tx, ctx, period);
        break;
      case 'rent-roll':
        built = await rentRoll(tx, ctx, period);
        break;
      case 'arrears':
        built = await arrears(tx, ctx, period, query.groupBy);
        break;
      case 'commissions':
        built = await commissions(tx, ctx, period);
        break;
      case 'occupancy':
        built = await occupancy(tx, ctx, period);
        break;
      case 'trust-reconciliation':
        built = await trustReconciliation(tx, ctx, period);
        break;
      case 'owner-statements':
        built = ownerStatements(filter === null ? [] : await figures.ownerStatements(tx, ctx, period));
        break;
    }
    return {
      report: {
        report: kind,
        from,
        to,
        currency,
        generatedAt: new Date().toISOString(),
        closingRows: [],
        ...built.body,
      },
      statements: built.statements ?? [],
    };
  });

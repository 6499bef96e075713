/** A plan auto_explain logged: the statement as the app sent it and its EXPLAIN ANALYZE text. */
export interface CapturedPlan {
  ms: number;
  query: string;
  plan: string;
}

/**
 * Company tables big enough that reading them whole means reading other companies' rows. The app
 * role sees one company through row-level security, but a Seq Scan still reads every row to filter.
 */
const COMPANY_TABLES = [
  'users',
  'owners',
  'properties',
  'tenants',
  'leases',
  'rent_charges',
  'payments',
  'allocations',
  'payouts',
  'journals',
  'ledger_lines',
  'maintenance_requests',
  'tasks',
  'notifications',
  'audit_log',
  'idempotency_keys',
];

const ENTRY = /^\S.*LOG:\s+duration: ([\d.]+) ms\s+plan:\s*$/;

/** The plans in a piece of the server log (auto_explain's text format, continuation lines tabbed). */
export function plansIn(log: string): CapturedPlan[] {
  const plans: CapturedPlan[] = [];
  let current: { ms: number; lines: string[] } | undefined;
  const finish = () => {
    if (!current) return;
    const planStart = current.lines.findIndex((line) => /\(cost=[\d.]+\.\.[\d.]+ rows=/.test(line));
    const query = current.lines
      .slice(0, planStart)
      .join('\n')
      .replace(/^\s*Query Text:\s*/, '');
    plans.push({ ms: current.ms, query, plan: current.lines.slice(planStart).join('\n') });
    current = undefined;
  };
  for (const line of log.split('\n')) {
    const entry = ENTRY.exec(line);
    if (entry) {
      finish();
      current = { ms: Number(entry[1]), lines: [] };
    } else if (current && line.startsWith('\t')) {
      current.lines.push(line.slice(1));
    } else {
      finish();
    }
  }
  finish();
  return plans;
}

/**
 * A table this small is read whole by any sensible plan (the planner rightly prefers a Seq Scan
 * over an index for a few pages), so only bigger ones count.
 */
export const BIG_TABLE_ROWS = 10_000;

/**
 * Per call: no plan of it reads a whole big company table (Seq Scan), so none scans another
 * company's rows. `rows` is each table's row count when the plans were taken.
 */
export function planFindings(byCall: Record<string, CapturedPlan[]>, rows: Map<string, number>) {
  return Object.entries(byCall).map(([call, plans]) => {
    const scans = plans.flatMap((captured) =>
      [...captured.plan.matchAll(/Seq Scan on (\w+)/g)]
        .map((match) => match[1]!)
        .filter((table) => COMPANY_TABLES.includes(table) && (rows.get(table) ?? 0) > BIG_TABLE_ROWS),
    );
    return {
      name: `plans of "${call}" scan no other company's rows`,
      pass: plans.length > 0 && scans.length === 0,
      detail:
        plans.length === 0
          ? 'no plan captured'
          : `${plans.length} statements; ${scans.length === 0 ? `no Seq Scan on a company table of over ${BIG_TABLE_ROWS} rows` : `Seq Scan on ${[...new Set(scans)].join(', ')}`}`,
    };
  });
}

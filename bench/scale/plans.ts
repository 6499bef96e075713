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
 * An index condition that does not start at the agency (`company_id`) must start at one row or
 * one parent's rows: a key or a reference equal to a value (`id = …`, `journal_id = …`, `seq =
 * …`, or `= ANY` of a list). Any other (`period = '2026-11'`) reads that range for every agency:
 * the levies due once counted the month's charges through an index by period alone.
 */
const KEYED = /^\((?:\w+_)?(?:id|seq) = /;

/** Index scans of `plan` whose condition ranges over every agency's rows, as "index: condition". */
export function crossCompanyIndexReads(plan: string): string[] {
  const lines = plan.split('\n');
  const found: string[] = [];
  lines.forEach((line, index) => {
    const condition = /Index Cond: (.*)$/.exec(line)?.[1];
    if (!condition || condition.includes('company_id') || KEYED.test(condition)) return;
    const scan = lines
      .slice(0, index)
      .reverse()
      .map((above) => /Index (?:Only )?Scan (?:Backward )?(?:using|on) (\w+)/.exec(above)?.[1])
      .find(Boolean);
    found.push(`${scan ?? 'an index'}: ${condition}`);
  });
  return found;
}

/**
 * Per call: no plan of it reads a whole big company table (Seq Scan) or an index range across
 * agencies, so none scans another company's rows. `rows` is each table's row count when the
 * plans were taken.
 */
export function planFindings(byCall: Record<string, CapturedPlan[]>, rows: Map<string, number>) {
  return Object.entries(byCall).map(([call, plans]) => {
    const scans = plans.flatMap((captured) =>
      [...captured.plan.matchAll(/Seq Scan on (\w+)/g)]
        .map((match) => match[1]!)
        .filter((table) => COMPANY_TABLES.includes(table) && (rows.get(table) ?? 0) > BIG_TABLE_ROWS),
    );
    const ranges = [...new Set(plans.flatMap((captured) => crossCompanyIndexReads(captured.plan)))];
    const problems = [
      ...(scans.length > 0 ? [`Seq Scan on ${[...new Set(scans)].join(', ')}`] : []),
      ...ranges.map((range) => `index range across agencies: ${range}`),
    ];
    return {
      name: `plans of "${call}" scan no other company's rows`,
      pass: plans.length > 0 && problems.length === 0,
      detail:
        plans.length === 0
          ? 'no plan captured'
          : `${plans.length} statements; ${problems.length === 0 ? `no Seq Scan on a company table of over ${BIG_TABLE_ROWS} rows, no index range across agencies` : problems.join('; ')}`,
    };
  });
}

import { AccountantDashboard } from '@lintel/contracts';
import { signInDemo } from './lib/api.ts';
import type { Benchmark, Figure } from './lib/benchmark.ts';
import { timeRuns } from './lib/stats.ts';

/**
 * Issue 9: the accountant's dashboard on the demo company (seeded by the server at start): its
 * figures come from eight report queries in one transaction. Those queries are the reports'
 * own, so re-running them as SQL here would copy the reports; the reference is instead the
 * floor of any signed-in request, `GET /api/auth/me` (token, session check, one row), timed the
 * same way in the same run.
 */
const DASHBOARD_PATH = '/api/dashboard/accountant';
const FLOOR_PATH = '/api/auth/me';

export const dashboardBenchmark: Benchmark = {
  name: 'accountant dashboard',
  async run(target) {
    const accountant = await signInDemo(target, 'accountant@demo.test');
    const companyId = accountant.companyId;
    const scale = await target.withSql(async (sql) => {
      const [row] = await sql(
        `select (select count(*)::int from ledger_lines where company_id = $1) as "ledgerLines",
                (select count(*)::int from payments where company_id = $1) as payments,
                (select count(*)::int from leases where company_id = $1) as leases,
                (select count(*)::int from properties where company_id = $1) as properties`,
        [companyId],
      );
      return row as Record<string, number>;
    });
    const dashboard = AccountantDashboard.parse(await accountant.expect(200, 'GET', DASHBOARD_PATH));
    const timed = (path: string) =>
      timeRuns(async () => {
        const response = await fetch(`${target.baseUrl()}${path}`, {
          headers: { authorization: accountant.authorization },
        });
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        await response.text();
      });
    const api = await timed(DASHBOARD_PATH);
    const floor = await timed(FLOOR_PATH);
    const figures: Figure[] = [
      { name: 'API p50', value: api.p50, unit: 'ms' },
      { name: 'API p95', value: api.p95, unit: 'ms' },
      { name: 'API max', value: api.max, unit: 'ms' },
      { name: 'reference: GET /api/auth/me p50', value: floor.p50, unit: 'ms' },
      {
        name: 'dashboard / reference p50 ratio',
        value: Math.round((api.p50 / floor.p50) * 10) / 10,
        unit: '×',
      },
    ];
    return {
      figures,
      checks: [
        {
          name: 'the dashboard has figures',
          pass: dashboard.incomeByMonth.length === 12 && dashboard.collectedLastMonth > 0,
          detail: `${dashboard.currency}: collected last month ${dashboard.collectedLastMonth}, arrears ${dashboard.arrears.total}`,
        },
      ],
      details: { demoCompany: scale, api, floor },
    };
  },
};

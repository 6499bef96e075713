import autocannon from 'autocannon';
import { pageEnvelope, Property } from '@lintel/contracts';
import { createLetProperty } from './lib/api.ts';
import { rounded, type Benchmark, type Check, type Figure } from './lib/benchmark.ts';
import type { Target } from './lib/databases.ts';
import { startHttpFloor } from './lib/http-floor.ts';
import { cpuSecondsOf } from './lib/server.ts';
import { inProcessSelectRate, openPgbench, scriptRate, type PgbenchRate } from './lib/pgbench.ts';
import { wholeListFigures } from './whole-list.ts';

/**
 * Issue 9: the property list of a 10,000-property company under 50 clients, against pgbench -S;
 * issue 15: the same company's whole list, unpaged (whole-list.ts).
 */
const PROPERTIES = 10_000;
const CLIENTS = 50;
const SECONDS = 10;
const WARM_UP_SECONDS = 2;
const PAGE_SIZE = 25;
const RATIO_TARGET = 0.5;
const P99_TARGET_MS = 50;
/** Issue 20: the endpoint's SQL alone against pgbench -S, and the API against that SQL. */
const SQL_RATIO_TARGET = 0.2;
const API_TO_SQL_TARGET = 0.5;
/** What the properties screen asks first: page 1 of 25, the default sort (by name). Unpaged is the whole list. */
const LIST_PATH = `/api/properties?page=1&pageSize=${PAGE_SIZE}`;
const PropertyPage = pageEnvelope(Property);

/**
 * Bulk seed next to the one property made through the API: same owner and agent, names that do
 * not follow insertion order (the list sorts by name), a mix of types and statuses.
 */
const SEED = `
insert into properties (company_id, name, address, type, status, owner_id, agent_id, rent_cents, currency)
select $1::uuid,
       (array['Acacia', 'Baobab', 'Cedar', 'Jacaranda', 'Msasa', 'Mopane'])[1 + n % 6] || ' ' || ((n * 7919) % 100003),
       n || ' Samora Machel Avenue, Harare',
       (array['apartment', 'house', 'commercial'])[1 + n % 3],
       (array['available', 'occupied', 'occupied', 'under_maintenance'])[1 + n % 4],
       $2::uuid, $3::uuid, 50000 + (n % 50) * 1000, 'USD'
from generate_series(1, $4::int) as n`;

/**
 * The statements the endpoint sends per request on PostgreSQL (db/scope.ts `transact`,
 * properties/repo.ts `listProperties`; the session check is remembered between requests), for
 * pgbench: BEGIN, the scope and generic plans as one query; the page with the company's total
 * (the count its triggers keep, migration 0024), a statement each connection prepares once
 * (node-postgres names it; here PREPARE on the client's first run, `prepared` starting at 0 per
 * client); COMMIT.
 */
const listSql = (companyId: string) => `
begin \\; select set_config('role', 'lintel_app', true), set_config('app.company_id', '${companyId}', true) \\; set local plan_cache_mode = force_generic_plan;
\\if :prepared = 0
prepare properties_page(uuid, uuid, int, int) as select p.*, o.name as owner_name, nullif(trim(a.first_name || ' ' || a.last_name), '') as agent_name, (coalesce((select c.properties from property_counts c where c.company_id = $1), 0)) as counted from properties p left join owners o on o.id = p.owner_id left join users a on a.id = p.agent_id where p.company_id = $2 order by p.name asc, p.id asc limit $3 offset $4;
\\set prepared 1
\\endif
execute properties_page('${companyId}', '${companyId}', ${PAGE_SIZE}, 0);
commit;
`;
const LIST_SQL_VARIABLES = ['-D', 'prepared=0'];

async function listUnderLoad(
  target: Pick<Target, 'baseUrl' | 'serverCpuSeconds'>,
  authorization: string,
  seconds: number,
) {
  const cpuBefore = await target.serverCpuSeconds();
  const result = await autocannon({
    url: `${target.baseUrl()}${LIST_PATH}`,
    connections: CLIENTS,
    duration: seconds,
    // A slow answer is measured, not cut off at autocannon's default 10 s (PGlite queues all 50).
    timeout: 30,
    headers: { authorization },
  });
  const requests = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
  return { result, cpuMsPerRequest: (((await target.serverCpuSeconds()) - cpuBefore) * 1000) / requests };
}

export const propertyListBenchmark: Benchmark = {
  name: 'property list',
  async run(target) {
    const { admin, agent, property } = await createLetProperty(target, 'Listing');
    const companyId = admin.companyId;
    const pglite = await target.withSql(async (sql) => {
      await sql(SEED, [companyId, property.ownerId, agent.session.user._id, PROPERTIES - 1]);
      // As autovacuum leaves a table soon after a bulk insert (PostgreSQL 13's insert threshold):
      // with the visibility map set, the bounded count reads the company index alone.
      await sql('vacuum analyze properties');
      await sql('analyze owners');
      await sql('analyze users');
      return target.kind === 'pglite' ? inProcessSelectRate(sql, SECONDS) : undefined;
    });

    const firstReply = await admin.call('GET', LIST_PATH);
    const first = PropertyPage.parse(firstReply.body);
    const names = first.data.map((row) => row.name);
    const checks: Check[] = [
      {
        name: 'first page: 25 properties by name, of all 10,000 (the kept count, exact)',
        pass:
          first.data.length === PAGE_SIZE &&
          first.meta.total === PROPERTIES &&
          first.meta.totalIsLowerBound !== true &&
          names.every((name, index) => index === 0 || names[index - 1]!.localeCompare(name) <= 0),
        detail: `${first.data.length} rows, total ${first.meta.total}${first.meta.totalIsLowerBound ? '+' : ''}, first ${names[0]}, last ${names.at(-1)}`,
      },
    ];

    // Warm: JIT, the pool's connections, cached plans and pages.
    await listUnderLoad(target, admin.authorization, WARM_UP_SECONDS);
    let reference: { name: string; rates: PgbenchRate[] };
    let load: Awaited<ReturnType<typeof listUnderLoad>>;
    if (target.postgres) {
      // pgbench before and after the API run: the reference brackets it on a machine whose load moves.
      const pgbench = await openPgbench(target.postgres);
      try {
        const before = await pgbench.selectRate(CLIENTS, SECONDS);
        load = await listUnderLoad(target, admin.authorization, SECONDS);
        const after = await pgbench.selectRate(CLIENTS, SECONDS);
        reference = { name: `pgbench -S -c ${CLIENTS} -j 2 TPS`, rates: [before, after] };
      } finally {
        await pgbench.close();
      }
    } else {
      load = await listUnderLoad(target, admin.authorization, SECONDS);
      reference = { name: 'in-process select rate (pgbench -S query, 1 client)', rates: [pglite!] };
    }

    // The floors, measured right after, the same way: Fastify alone sending the same bytes, and
    // (PostgreSQL) the endpoint's SQL alone through pgbench with as many clients.
    const floor = await startHttpFloor(JSON.stringify(firstReply.body));
    let httpFloor: Awaited<ReturnType<typeof listUnderLoad>>;
    try {
      const floorTarget = { baseUrl: () => floor.baseUrl, serverCpuSeconds: () => cpuSecondsOf(floor.pid) };
      await listUnderLoad(floorTarget, admin.authorization, WARM_UP_SECONDS);
      httpFloor = await listUnderLoad(floorTarget, admin.authorization, SECONDS);
    } finally {
      await floor.stop();
    }
    const sqlFloor = target.postgres
      ? await scriptRate(
          target.postgres,
          target.postgres.database,
          listSql(companyId),
          CLIENTS,
          SECONDS,
          LIST_SQL_VARIABLES,
        )
      : undefined;

    // SPEC §4's unpaged read of the same 10,000, measured after the load so it does not warm it.
    const whole = await wholeListFigures(target.baseUrl(), admin.authorization, {
      properties: PROPERTIES,
      companyId,
    });
    checks.push(...whole.checks);

    const api = load.result;
    const referenceRate = reference.rates.reduce((sum, rate) => sum + rate.tps, 0) / reference.rates.length;
    const requests = api.requests.average;
    const statuses = Object.fromEntries(
      Object.entries(api.statusCodeStats).map(([status, stats]) => [status, stats.count]),
    );
    checks.push({
      name: 'every response 200',
      pass:
        Object.keys(statuses).every((status) => status === '200') && api.errors === 0 && api.timeouts === 0,
      detail: `statuses ${JSON.stringify(statuses)}, ${api.errors} errors, ${api.timeouts} timeouts`,
    });
    const figures: Figure[] = [
      { name: 'API requests per second', value: rounded(requests), unit: '/s' },
      { name: reference.name, value: rounded(referenceRate), unit: '/s' },
      {
        name: 'API / reference rate',
        value: Math.round((requests / referenceRate) * 1000) / 1000,
        unit: '×',
        ...(target.postgres && { target: { atLeast: RATIO_TARGET } }),
      },
      {
        name: `server CPU per request${target.kind === 'pglite' ? ' (PGlite runs in it)' : ''}`,
        value: Math.round(load.cpuMsPerRequest * 100) / 100,
        unit: 'ms',
      },
      { name: 'latency p50', value: api.latency.p50, unit: 'ms' },
      { name: 'latency p99', value: api.latency.p99, unit: 'ms', target: { below: P99_TARGET_MS } },
      {
        name: 'floor: bare Fastify sending the same reply, requests/s',
        value: rounded(httpFloor.result.requests.average),
        unit: '/s',
      },
      { name: 'floor: bare Fastify p99', value: httpFloor.result.latency.p99, unit: 'ms' },
      {
        name: 'floor: bare Fastify / reference rate',
        value: Math.round((httpFloor.result.requests.average / referenceRate) * 1000) / 1000,
        unit: '×',
      },
      ...(sqlFloor
        ? [
            {
              name: `floor: the endpoint's SQL through pgbench -c ${CLIENTS}, per second`,
              value: rounded(sqlFloor.tps),
              unit: '/s',
            },
            {
              name: "the endpoint's SQL / reference rate",
              value: Math.round((sqlFloor.tps / referenceRate) * 1000) / 1000,
              unit: '×',
              target: { atLeast: SQL_RATIO_TARGET },
            },
            {
              name: "API / the endpoint's SQL",
              value: Math.round((requests / sqlFloor.tps) * 1000) / 1000,
              unit: '×',
              target: { atLeast: API_TO_SQL_TARGET },
            },
          ]
        : []),
      ...whole.figures,
    ];
    return {
      figures,
      checks,
      details: {
        properties: PROPERTIES,
        clients: CLIENTS,
        seconds: SECONDS,
        requests: api.requests,
        latency: api.latency,
        reference,
        httpFloor: { requests: httpFloor.result.requests, latency: httpFloor.result.latency },
        sqlFloor,
      },
    };
  },
};

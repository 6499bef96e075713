import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { describeTarget, meetsTarget, type Benchmark, type Outcome } from './lib/benchmark.ts';
import { openTarget, postgresVersion, type DatabaseKind, type Target } from './lib/databases.ts';
import { bankImportBenchmark } from './bank-import.ts';
import { dashboardBenchmark } from './dashboard.ts';
import { lighthouseBenchmark } from './lighthouse.ts';
import { longWorkBenchmark } from './long-work.ts';
import { paymentsBenchmark } from './payments.ts';
import { propertyListBenchmark } from './property-list.ts';
import { statementBenchmark } from './statement.ts';
import { webBenchmark } from './web.ts';

/** Every benchmark, in the order they run on each database; a new one is one file and one line here. */
const ALL_BENCHMARKS: Benchmark[] = [
  propertyListBenchmark,
  statementBenchmark,
  dashboardBenchmark,
  paymentsBenchmark,
  bankImportBenchmark,
  longWorkBenchmark,
  webBenchmark,
  lighthouseBenchmark,
];
const ALL_DATABASES: DatabaseKind[] = ['pglite', 'postgres'];
/** While iterating: `BENCH_ONLY=statement BENCH_DATABASES=postgres npm run bench` (the final figures run all). */
const only = process.env.BENCH_ONLY;
const BENCHMARKS = only
  ? ALL_BENCHMARKS.filter((benchmark) => only.split(',').some((part) => benchmark.name.includes(part)))
  : ALL_BENCHMARKS;
const DATABASES = process.env.BENCH_DATABASES
  ? ALL_DATABASES.filter((database) => process.env.BENCH_DATABASES!.split(',').includes(database))
  : ALL_DATABASES;
const resultsFile = fileURLToPath(new URL('results.json', import.meta.url));
const pglitePackage = fileURLToPath(
  new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url),
);

interface Result extends Partial<Outcome> {
  database: DatabaseKind;
  benchmark: string;
  pass: boolean;
  /** The machine's 1-minute load average when the benchmark started (other work shares the cores). */
  loadAverage: number;
  seconds: number;
  error?: string;
}

const say = (text = '') => process.stdout.write(`${text}\n`);
const loadAverage = () => Math.round(os.loadavg()[0]! * 100) / 100;

let open: Target | undefined;
// Ctrl-C still stops the child server, drops the database and deletes the temporary folder.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    say(`\n${signal}: cleaning up`);
    void (open?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

async function runOn(database: DatabaseKind): Promise<Result[]> {
  const results: Result[] = [];
  const benchmarks = BENCHMARKS.filter(
    (benchmark) => !benchmark.databases || benchmark.databases.includes(database),
  );
  if (benchmarks.length === 0) return results;
  say(`\n== ${database}: starting the server (and seeding the demo company)`);
  open = await openTarget(database);
  try {
    for (const benchmark of benchmarks) {
      say(`== ${database}: ${benchmark.name}`);
      const started = performance.now();
      const base = { database, benchmark: benchmark.name, loadAverage: loadAverage() };
      const seconds = () => Math.round((performance.now() - started) / 1000);
      try {
        const outcome = await benchmark.run(open);
        const pass = outcome.figures.every(meetsTarget) && outcome.checks.every((check) => check.pass);
        results.push({ ...base, pass, seconds: seconds(), ...outcome });
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        say(`   failed: ${message}`);
        results.push({ ...base, pass: false, seconds: seconds(), error: message });
      }
    }
  } finally {
    await open.close();
    open = undefined;
  }
  return results;
}

function printTable(results: Result[]) {
  const rows: string[][] = [['database', 'benchmark', 'figure', 'value', 'target', 'ok']];
  for (const result of results) {
    const prefix = [result.database, result.benchmark];
    if (result.error) rows.push([...prefix, 'error', result.error.split('\n')[0]!, '', 'FAIL']);
    for (const figure of result.figures ?? []) {
      rows.push([
        ...prefix,
        figure.name,
        `${figure.value.toLocaleString('en-US')} ${figure.unit}`,
        describeTarget(figure),
        figure.target ? (meetsTarget(figure) ? 'pass' : 'FAIL') : '',
      ]);
    }
    for (const check of result.checks ?? []) {
      rows.push([...prefix, `check: ${check.name}`, check.detail, '', check.pass ? 'pass' : 'FAIL']);
    }
    rows.push([...prefix, 'load average at start (2 cores)', String(result.loadAverage), '', '']);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  say();
  for (const row of rows)
    say(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
}

const startedAt = new Date();
const loadAtStart = loadAverage();
const results: Result[] = [];
for (const database of DATABASES) {
  try {
    results.push(...(await runOn(database)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    say(`   ${database} could not start: ${message}`);
    results.push({
      database,
      benchmark: 'setup',
      pass: false,
      loadAverage: loadAverage(),
      seconds: 0,
      error: message,
    });
  }
}
printTable(results);
const minutes = Math.round((Date.now() - startedAt.getTime()) / 6000) / 10;
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      date: startedAt.toISOString(),
      minutes,
      machine: {
        cpu: os.cpus()[0]?.model,
        cores: os.cpus().length,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        postgres: await postgresVersion().catch(() => 'unavailable'),
        pglite: (JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string }).version,
        /** 1, 5 and 15-minute load averages: the cores are shared with whatever else runs. */
        loadAverage: {
          atStart: loadAtStart,
          atEnd: os.loadavg().map((load) => Math.round(load * 100) / 100),
        },
      },
      results,
    },
    null,
    2,
  )}\n`,
);
const failed = results.filter((result) => !result.pass);
say(
  `\n${failed.length === 0 ? 'All targets met.' : `${failed.length} failed.`} ${minutes} min. Results: bench/results.json`,
);
process.exitCode = failed.length === 0 ? 0 : 1;

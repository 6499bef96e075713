import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { meetsTarget, type Benchmark, type Outcome } from './lib/benchmark.ts';
import { openTarget, type DatabaseKind, type Target } from './lib/databases.ts';
import { paymentsBenchmark } from './payments.ts';
import { statementBenchmark } from './statement.ts';

/** Every benchmark, in the order they run on each database; a new one is one file and one line here. */
const ALL_BENCHMARKS: Benchmark[] = [statementBenchmark, paymentsBenchmark];
const ALL_DATABASES: DatabaseKind[] = ['pglite', 'postgres'];
/** While iterating: `BENCH_ONLY=statement BENCH_DATABASES=postgres npm run bench` (the final figures run all). */
const only = process.env.BENCH_ONLY;
const BENCHMARKS = only
  ? ALL_BENCHMARKS.filter((benchmark) => benchmark.name.includes(only))
  : ALL_BENCHMARKS;
const DATABASES = process.env.BENCH_DATABASES
  ? ALL_DATABASES.filter((database) => process.env.BENCH_DATABASES!.split(',').includes(database))
  : ALL_DATABASES;
const resultsFile = fileURLToPath(new URL('results.json', import.meta.url));

interface Result extends Partial<Outcome> {
  database: DatabaseKind;
  benchmark: string;
  pass: boolean;
  error?: string;
}

const say = (text = '') => process.stdout.write(`${text}\n`);

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
  say(`\n== ${database}: starting the server`);
  open = await openTarget(database);
  try {
    for (const benchmark of BENCHMARKS) {
      say(`== ${database}: ${benchmark.name}`);
      try {
        const outcome = await benchmark.run(open);
        const pass = outcome.figures.every(meetsTarget) && outcome.checks.every((check) => check.pass);
        results.push({ database, benchmark: benchmark.name, pass, ...outcome });
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        say(`   failed: ${message}`);
        results.push({ database, benchmark: benchmark.name, pass: false, error: message });
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
        `${figure.value} ${figure.unit}`,
        figure.target ? `< ${figure.target.below} ${figure.unit}` : '',
        figure.target ? (meetsTarget(figure) ? 'pass' : 'FAIL') : '',
      ]);
    }
    for (const check of result.checks ?? []) {
      rows.push([...prefix, `check: ${check.name}`, check.detail, '', check.pass ? 'pass' : 'FAIL']);
    }
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

const results: Result[] = [];
for (const database of DATABASES) {
  try {
    results.push(...(await runOn(database)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    say(`   ${database} could not start: ${message}`);
    results.push({ database, benchmark: 'setup', pass: false, error: message });
  }
}
printTable(results);
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpu: os.cpus()[0]?.model,
        cores: os.cpus().length,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        platform: `${os.platform()} ${os.release()}`,
      },
      node: process.version,
      results,
    },
    null,
    2,
  )}\n`,
);
const failed = results.filter((result) => !result.pass);
say(`\n${failed.length === 0 ? 'All targets met.' : `${failed.length} failed.`} Results: bench/results.json`);
process.exitCode = failed.length === 0 ? 0 : 1;

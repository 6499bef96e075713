import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a `node --cpu-prof` profile spent its time (see `BENCH_CPU_PROFILE` in lib/server.ts):
 * `npx tsx bench/top-frames.ts <file.cpuprofile> [rows]` prints the functions with the most self
 * time, the same time summed per package (or source file outside node_modules), and the
 * functions with the most total time (self and callees) — enough to find a hot spot without a
 * profiler UI.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rows = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/top-frames.ts <file.cpuprofile> [rows]');
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
});
const totalMs = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);

/** A package name from a node_modules path, else the file's last two path parts. */
function place(url: string): string {
  if (!url) return '(native / vm)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return url;
  return url.split('/').slice(-2).join('/');
}

const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const describe = ({ functionName, url, lineNumber }: ProfileNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`;

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const { callFrame } = byId.get(id)!;
  byFunction.set(describe(callFrame), (byFunction.get(describe(callFrame)) ?? 0) + ms);
  byPlace.set(place(callFrame.url), (byPlace.get(place(callFrame.url)) ?? 0) + ms);
  // Each function on the sample's stack once, however deep it recurses.
  const onStack = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at)!.callFrame;
    if (frame.url) onStack.add(describe(frame));
  }
  for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
}

const print = (title: string, table: Map<string, number>) => {
  process.stdout.write(`\n${title} (of ${Math.round(totalMs)} ms sampled)\n`);
  for (const [name, ms] of [...table].sort((a, b) => b[1] - a[1]).slice(0, Number(rows))) {
    process.stdout.write(
      `${Math.round(ms).toString().padStart(7)} ms ${((ms / totalMs) * 100).toFixed(1).padStart(5)}%  ${name}\n`,
    );
  }
};
print('Self time by function', byFunction);
print('Self time by package or file', byPlace);
print('Total time (self and callees) by function', inclusive);

import type { DatabaseKind, Target } from './databases.ts';

/** A bound a figure must meet: under a ceiling (a latency, a size) or at least a floor (a ratio). */
export type Bound = { below: number } | { atMost: number } | { atLeast: number };

/** One measured number; `target` (in `unit`) makes it pass or fail. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: Bound;
}

/** A correctness check made after the measurement (e.g. nothing lost or doubled). */
export interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

export interface Outcome {
  figures: Figure[];
  checks: Check[];
  /** Anything worth keeping in results.json, e.g. a query plan. */
  details?: Record<string, unknown>;
}

/** One file per benchmark in bench/, each exporting one of these; run.ts lists them. */
export interface Benchmark {
  name: string;
  /** Where it runs when not on every database (e.g. the web figures, which do not depend on one). */
  databases?: DatabaseKind[];
  run(target: Target): Promise<Outcome>;
}

export function meetsTarget({ target, value }: Figure): boolean {
  if (!target) return true;
  if ('below' in target) return value < target.below;
  if ('atMost' in target) return value <= target.atMost;
  return value >= target.atLeast;
}

export function describeTarget({ target, unit }: Figure): string {
  if (!target) return '';
  if ('below' in target) return `< ${target.below} ${unit}`;
  if ('atMost' in target) return `≤ ${target.atMost} ${unit}`;
  return `≥ ${target.atLeast} ${unit}`;
}

/** Rounds for the table: one decimal below 100, whole numbers above. */
export const rounded = (value: number) =>
  Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10;

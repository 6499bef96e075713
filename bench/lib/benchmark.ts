import type { Target } from './databases.ts';

/** One measured number; `target` (an upper bound in `unit`) makes it pass or fail. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: { below: number };
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
  run(target: Target): Promise<Outcome>;
}

export const meetsTarget = (figure: Figure) => !figure.target || figure.value < figure.target.below;

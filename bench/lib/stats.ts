/** Nearest-rank percentile of samples (ms). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export interface Latency {
  p50: number;
  p95: number;
  max: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export const summarise = (samples: number[]): Latency => ({
  p50: round(percentile(samples, 50)),
  p95: round(percentile(samples, 95)),
  max: round(Math.max(...samples)),
});

/** Runs `work` a few times unmeasured (caches, JIT, plans), then `runs` times sequentially. */
export async function timeRuns(work: () => Promise<unknown>, runs = 30, warmups = 3): Promise<Latency> {
  for (let i = 0; i < warmups; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return summarise(samples);
}

/**
 * Rows in slices for multi-row INSERTs: one statement takes at most 65,535 parameters, so a
 * slice's rows × columns must stay below that.
 */
export function chunksOf<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/**
 * `work` over rows in slices, with a turn of the event loop before each: a long piece of CPU
 * work (an export's text) lets other requests in between, rather than holding them all.
 */
export async function inTurns<T>(
  rows: readonly T[],
  size: number,
  work: (slice: T[]) => void,
): Promise<void> {
  for (const slice of chunksOf(rows, size)) {
    await new Promise((resolve) => setImmediate(resolve));
    work(slice);
  }
}

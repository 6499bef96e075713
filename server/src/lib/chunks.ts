/**
 * Rows in slices for multi-row INSERTs: one statement takes at most 65,535 parameters, so a
 * slice's rows × columns must stay below that.
 */
export function chunksOf<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/** Drizzle wraps driver errors; the PostgreSQL error (with its SQLSTATE code) is the cause. */
function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as { code: string; constraint?: string };
    }
    current = candidate.cause;
  }
  return undefined;
}

export const sqlState = (error: unknown): string | undefined => pgError(error)?.code;

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = pgError(error);
  if (found?.code !== '23505') return false;
  // PGlite does not always name the constraint; the code alone then decides.
  return !constraint || !found.constraint || found.constraint === constraint;
}

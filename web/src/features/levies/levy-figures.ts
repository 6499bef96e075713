import type { LevyCharge, LevyChargeStatus } from '@lintel/contracts';

export const LEVY_STATUS_LABELS: Record<LevyChargeStatus, string> = {
  due: 'Due',
  overdue: 'Overdue',
  paid: 'Paid',
};

/** "Property — Body corporate, 2026-11". */
export const levyTitle = (line: { propertyName: string; bodyCorporate: string; period: string }) =>
  `${line.propertyName} — ${line.bodyCorporate}, ${line.period}`;

/** Same-currency sums, in first-seen order: one total per currency, never added across them. */
export function totalsByCurrency(lines: readonly { amount: number; currency: string }[]) {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.amount);
  return totals;
}

/**
 * The chosen charges their property account cannot cover, taking them oldest first as the server
 * does: what one charge uses is no longer there for the next one on the same account.
 */
export function shortLines(charges: readonly LevyCharge[]): LevyCharge[] {
  const left = new Map<string, number>();
  const short: LevyCharge[] = [];
  const ordered = [...charges].sort((a, b) => a.period.localeCompare(b.period));
  for (const charge of ordered) {
    const account = `${charge.propertyId}|${charge.currency}`;
    const held = left.get(account) ?? charge.held;
    if (charge.amount > held) short.push(charge);
    else left.set(account, held - charge.amount);
  }
  return short;
}

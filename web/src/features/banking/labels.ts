import { formatCalendarDate, type Book, type MatchRule } from '@lintel/contracts';

export const BOOK_LABELS: Record<Book, string> = { trust: 'Trust', business: 'Business' };

/** How each rule reads beside a matched line. */
export const RULE_LABELS: Record<MatchRule, string> = {
  reference: 'Reference',
  receipt_number: 'Receipt number',
  payout_reference: 'Payout reference',
  transfer_reference: 'Transfer reference',
  lease_reference: 'Lease reference',
  tenant_name: 'Tenant name',
  amount_date: 'Amount and date',
  manual: 'Matched by hand',
  receipt_from_line: 'Receipted from the line',
  suspense: 'In suspense',
  bank_charge: 'Bank charges',
  returned_payout: 'Returned payout',
};

/** "2026-10-31" → "31 Oct 2026". */
export const formatDay = formatCalendarDate;

/** The last day of the month before `today`, as YYYY-MM-DD: the usual reconciliation date. */
export function lastDayOfPreviousMonth(today = new Date()): string {
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  const month = String(last.getMonth() + 1).padStart(2, '0');
  const day = String(last.getDate()).padStart(2, '0');
  return `${last.getFullYear()}-${month}-${day}`;
}

/** Today in the user's own time zone, as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

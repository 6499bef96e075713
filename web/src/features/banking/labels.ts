import type { Book, MatchRule } from '@lintel/contracts';
import { isoDate } from '../../lib/format.ts';

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

/** The last day of the month before `today`, as YYYY-MM-DD: the usual reconciliation date. */
export function lastDayOfPreviousMonth(today = new Date()): string {
  return isoDate(new Date(today.getFullYear(), today.getMonth(), 0));
}

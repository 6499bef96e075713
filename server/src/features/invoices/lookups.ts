import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import type { RowScope } from '../../lib/visibility.ts';
import * as repo from './repo.ts';

/*
 * What other features ask of invoices (payments, the dashboard, data sync). The repo stays
 * private; these take the caller's transaction so their reads share it.
 */
type Scope = Pick<Ctx, 'companyId'>;

/** The invoice already settled by this payment, if any: a payment that settled one is not reversed alone. */
export const invoiceSettledBy = (tx: Tx, scope: Scope, paymentId: string) =>
  repo.findInvoiceByPayment(tx, scope, paymentId);

/** Issued invoices past their due date in a currency, of the rows a caller sees: how many and what they total. */
export const overdueInvoiceTotals = (
  tx: Tx,
  scope: Scope,
  query: { today: string; currency: string; rows: RowScope },
) => repo.overdueInvoiceTotals(tx, scope, query);

/** Every invoice, drafts and void ones too, for the company export's records (not imported). */
export const invoiceRecords = (tx: Tx, scope: Scope) => repo.invoiceRecords(tx, scope);

import type { Ctx } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';
import { ownerStatementPdf } from '../accounts/index.ts';
import { monthEnd } from '../reports/index.ts';

/** An emailed statement's PDF, named `ownerId:YYYY-MM:currency` by the run that queued it. */
export function ownerStatementForMail(scope: Pick<Ctx, 'db' | 'companyId'>, ref: string) {
  const [ownerId, month, currency] = ref.split(':');
  if (!ownerId || !month || !currency) throw notFound('Statement not found');
  return ownerStatementPdf(scope, ownerId, { from: `${month}-01`, to: monthEnd(`${month}-01`), currency });
}

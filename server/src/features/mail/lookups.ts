import type { MailOptOutCategory } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** The messages a feature queued for causes under one key prefix, newest first: how its mail went. */
export const mailOfCause = (tx: Tx, scope: Scope, keyPrefix: string) =>
  repo.messagesByCause(tx, scope, keyPrefix);

/** Which of these addresses opted out of a category of the company's mail (lower-cased). */
export const optedOutAmong = (tx: Tx, scope: Scope, emails: string[], category: MailOptOutCategory) =>
  repo.optedOutAmong(tx, scope, emails, category);

import type { FastifyInstance } from 'fastify';
import { ledgerApi } from '@lintel/contracts';
import { ok, okPage, route, sendFile } from '../../lib/http.ts';
import * as general from './general.ts';
import { answerStatement } from './statement-reply.ts';

/** The general ledger: journals, chart of accounts, any account's statement, the export. */
export async function ledgerRoutes(app: FastifyInstance) {
  route(app, ledgerApi.journals, async (req) =>
    okPage(await general.listJournals(req.ctx, req.query), req.query),
  );
  route(app, ledgerApi.journal, async (req) => ok(await general.getJournal(req.ctx, req.params.id)));
  route(app, ledgerApi.chart, async (req) => ok(await general.chartOfAccounts(req.ctx, req.query.currency)));
  route(app, ledgerApi.accountStatement, async (req, reply) =>
    answerStatement(
      req.ctx,
      reply,
      req.query,
      await general.accountStatement(req.ctx, req.params.account, req.query),
    ),
  );
  route(app, ledgerApi.export, async (req, reply) =>
    sendFile(reply, await general.exportLedger(req.ctx, req.query)),
  );
}

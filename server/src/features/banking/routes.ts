import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { bankingApi, STATEMENT_MAX_BYTES } from '@lintel/contracts';
import { ok, okPage, route, sendFile } from '../../lib/http.ts';
import * as accounts from './accounts-service.ts';
import * as statements from './import-service.ts';
import * as matching from './matching-service.ts';
import * as suspense from './suspense-service.ts';
import * as reconciliation from './reconciliation-service.ts';
import { readStatementUpload } from './statement-upload.ts';

export async function bankingRoutes(app: FastifyInstance) {
  route(app, bankingApi.listAccounts, async (req) => ok(await accounts.listBankAccounts(req.ctx)));
  route(app, bankingApi.createAccount, async (req) =>
    ok(await accounts.createBankAccount(req.ctx, req.body)),
  );
  route(app, bankingApi.updateAccount, async (req) =>
    ok(await accounts.updateBankAccount(req.ctx, req.params.id, req.body)),
  );
  // Only the statement import takes multipart (one file and its column mapping): in a scope of
  // its own, so no other banking route accepts a multipart body.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 4 } });
    route(upload, bankingApi.importStatement, async (req) =>
      ok(await statements.importStatement(req.ctx, req.params.id, () => readStatementUpload(req), req.query)),
    );
  });
  route(app, bankingApi.listStatements, async (req) =>
    okPage(await statements.listStatements(req.ctx, req.params.id, req.query), req.query),
  );

  route(app, bankingApi.listLines, async (req) =>
    okPage(await matching.listLines(req.ctx, req.params.id, req.query), req.query),
  );
  route(app, bankingApi.unmatchedEntries, async (req) =>
    okPage(await matching.listUnmatchedEntries(req.ctx, req.params.id, req.query), req.query),
  );
  route(app, bankingApi.autoMatch, async (req) => ok(await matching.autoMatch(req.ctx, req.params.id)));
  route(app, bankingApi.suggestions, async (req) => ok(await matching.suggestions(req.ctx, req.params.id)));
  route(app, bankingApi.match, async (req) => ok(await matching.matchByHand(req.ctx, req.body)));
  route(app, bankingApi.unmatch, async (req) => ok(await matching.unmatch(req.ctx, req.params.id)));
  route(app, bankingApi.receiptFromLine, async (req) =>
    ok(await matching.receiptFromLine(req.ctx, req.params.id, req.body)),
  );
  route(app, bankingApi.bankCharge, async (req) =>
    ok(await matching.postBankCharge(req.ctx, req.params.id, req.body)),
  );
  route(app, bankingApi.returnedPayout, async (req) =>
    ok(await matching.returnPayout(req.ctx, req.params.id, req.body)),
  );

  route(app, bankingApi.parkInSuspense, async (req) =>
    ok(await suspense.parkInSuspense(req.ctx, req.params.id, req.body)),
  );
  route(app, bankingApi.listSuspense, async (req) =>
    okPage(await suspense.listSuspense(req.ctx, req.query), req.query),
  );
  route(app, bankingApi.allocateSuspense, async (req) =>
    ok(await suspense.allocateSuspense(req.ctx, req.params.id, req.body)),
  );
  route(app, bankingApi.refundSuspense, async (req) =>
    ok(await suspense.refundSuspense(req.ctx, req.params.id, req.body)),
  );

  route(app, bankingApi.reconciliation, async (req) =>
    ok(await reconciliation.getReconciliation(req.ctx, req.params.id, req.query.date)),
  );
  route(app, bankingApi.signOff, async (req) =>
    ok(await reconciliation.signOff(req.ctx, req.params.id, req.body.date)),
  );
  route(app, bankingApi.listReconciliations, async (req) =>
    okPage(await reconciliation.listReconciliations(req.ctx, req.params.id, req.query), req.query),
  );
  route(app, bankingApi.reopen, async (req) =>
    ok(await reconciliation.reopen(req.ctx, req.params.id, req.body.reason)),
  );
  route(app, bankingApi.monthEndPack, async (req, reply) =>
    sendFile(reply, await reconciliation.monthEndPack(req.ctx, req.params.id)),
  );
}

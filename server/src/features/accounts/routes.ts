import type { FastifyInstance } from 'fastify';
import { accountsApi } from '@lintel/contracts';
import { ok, okPage, route } from '../../lib/http.ts';
import { answerStatement } from '../ledger/index.ts';
import { generateRentCharges, listArrears, listLeaseCharges, listLeaseReminders } from '../rent/index.ts';
import * as service from './service.ts';

export async function accountRoutes(app: FastifyInstance) {
  route(app, accountsApi.trialBalance, async (req) => ok(await service.getTrialBalance(req.ctx, req.query)));
  route(app, accountsApi.propertyAccounts, async (req) =>
    okPage(await service.listPropertyAccounts(req.ctx, req.query), req.query),
  );
  route(app, accountsApi.propertyStatement, async (req, reply) =>
    answerStatement(
      req.ctx,
      reply,
      req.query,
      await service.propertyStatement(req.ctx, req.params.id, req.query),
    ),
  );
  route(app, accountsApi.ownerStatement, async (req, reply) =>
    answerStatement(
      req.ctx,
      reply,
      req.query,
      await service.ownerStatement(req.ctx, req.params.id, req.query),
    ),
  );
  route(app, accountsApi.agentAccounts, async (req) =>
    ok(await service.listAgentAccounts(req.ctx, req.query.currency)),
  );
  route(app, accountsApi.agentStatement, async (req, reply) =>
    answerStatement(
      req.ctx,
      reply,
      req.query,
      await service.agentStatement(req.ctx, req.params.id, req.query),
    ),
  );
  route(app, accountsApi.commissions, async (req) => ok(await service.commissionReport(req.ctx, req.query)));
  route(app, accountsApi.arrears, async (req) => ok(await listArrears(req.ctx, req.query)));
  route(app, accountsApi.leaseCharges, async (req) => ok(await listLeaseCharges(req.ctx, req.params.id)));
  route(app, accountsApi.leaseReminders, async (req) => ok(await listLeaseReminders(req.ctx, req.params.id)));
  route(app, accountsApi.generateCharges, async (req) => ok(await generateRentCharges(req.ctx)));
  route(app, accountsApi.createPayout, async (req) => ok(await service.createPayout(req.ctx, req.body)));
  route(app, accountsApi.listPayouts, async (req) =>
    okPage(await service.listPayouts(req.ctx, req.query), req.query),
  );
  route(app, accountsApi.createExpense, async (req) => ok(await service.createExpense(req.ctx, req.body)));
  route(app, accountsApi.depositBalance, async (req) =>
    ok(await service.getDepositBalance(req.ctx, req.params.id)),
  );
  route(app, accountsApi.releaseDeposit, async (req) =>
    ok(await service.releaseDeposit(req.ctx, req.params.id, req.body)),
  );
  route(app, accountsApi.depositStatement, async (req, reply) =>
    answerStatement(
      req.ctx,
      reply,
      req.query,
      await service.depositStatement(req.ctx, req.params.id, req.query),
    ),
  );
  route(app, accountsApi.depositInterest, async (req) =>
    ok(await service.recordDepositInterest(req.ctx, req.body)),
  );
}

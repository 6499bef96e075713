import type { FastifyInstance } from 'fastify';
import { ownerStatementsApi } from '@lintel/contracts';
import { ok, route } from '../../lib/http.ts';
import { previewRun, sendOwnerAgain, sendRun } from './service.ts';

export async function ownerStatementRoutes(app: FastifyInstance) {
  route(app, ownerStatementsApi.preview, async (req) => ok(await previewRun(req.ctx, req.query.month)));
  route(app, ownerStatementsApi.send, async (req) => ok(await sendRun(req.ctx, req.body.month)));
  route(app, ownerStatementsApi.sendOne, async (req) =>
    ok(await sendOwnerAgain(req.ctx, req.params.id, req.body.month)),
  );
}

import type { FastifyInstance } from 'fastify';
import { reportsApi } from '@lintel/contracts';
import { ok, route, sendFile } from '../../lib/http.ts';
import { reportCsv, reportPdf } from './documents.ts';
import { buildReport } from './service.ts';

export async function reportRoutes(app: FastifyInstance) {
  route(app, reportsApi.report, async (req, reply) => {
    const { report, statements } = await buildReport(req.ctx, req.params.report, req.query);
    if (req.query.format === 'csv') return sendFile(reply, reportCsv(report));
    if (req.query.format === 'pdf') return sendFile(reply, await reportPdf(req.ctx, report, statements));
    return ok(report);
  });
}

import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PageQuery, StatementImportQuery, StatementImportReport, BankStatementView } from '@lintel/contracts';
import type { Ctx } from '../../db/scope.ts';

// Stubs (issue 17): built by the import work.
export async function importStatement(
  _ctx: Ctx,
  _bankAccountId: string,
  _req: FastifyRequest,
  _query: z.output<typeof StatementImportQuery>,
): Promise<StatementImportReport> {
  throw new Error('not built yet');
}
export async function listStatements(
  _ctx: Ctx,
  _bankAccountId: string,
  _query: PageQuery,
): Promise<{ items: z.infer<typeof BankStatementView>[]; total: number }> {
  throw new Error('not built yet');
}

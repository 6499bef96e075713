import type { FastifyReply } from 'fastify';
import { formatMajorUnits, type Statement, type StatementQuery } from '@lintel/contracts';
import { transact, type Ctx } from '../../db/scope.ts';
import { renderStatementPdf, toCsv } from '../../lib/documents/index.ts';
import { ok, sendFile, type FileReply } from '../../lib/http.ts';
import { findLetterhead } from '../companies/index.ts';

const decimal = (cents: number) => (cents < 0 ? `-${formatMajorUnits(-cents)}` : formatMajorUnits(cents));

const COLUMNS = [
  { key: 'date', header: 'Date' },
  { key: 'description', header: 'Description' },
  { key: 'reference', header: 'Reference' },
  { key: 'moneyIn', header: 'Money in' },
  { key: 'moneyOut', header: 'Money out' },
  { key: 'balance', header: 'Balance' },
];

const fileName = (statement: Statement, extension: string) =>
  `${statement.title}-${statement.subject}-${statement.from}-${statement.to}.${extension}`.toLowerCase();

/** The statement as CSV: opening balance, every line, closing balance (opening + lines = closing). */
export function statementCsv(statement: Statement): FileReply {
  const body = toCsv(COLUMNS, [
    {
      date: statement.from,
      description: 'Opening balance',
      reference: null,
      moneyIn: null,
      moneyOut: null,
      balance: decimal(statement.openingBalance),
    },
    ...statement.lines.map((line) => ({
      date: line.date,
      description: line.description,
      reference: line.reference,
      moneyIn: line.amount >= 0 ? decimal(line.amount) : null,
      moneyOut: line.amount < 0 ? decimal(-line.amount) : null,
      balance: decimal(line.balance),
    })),
    {
      date: statement.to,
      description: 'Closing balance',
      reference: null,
      moneyIn: null,
      moneyOut: null,
      balance: decimal(statement.closingBalance),
    },
  ]);
  return { body, contentType: 'text/csv; charset=utf-8', filename: fileName(statement, 'csv') };
}

export async function statementPdf(
  ctx: Pick<Ctx, 'db' | 'companyId'>,
  statement: Statement,
  note?: string | null,
): Promise<FileReply> {
  const company = await transact(ctx, (tx) => findLetterhead(tx, ctx.companyId));
  const body = await renderStatementPdf({
    company,
    title: statement.title,
    subject: statement.subject,
    subjectDetail: statement.subjectDetail,
    from: statement.from,
    to: statement.to,
    currency: statement.currency,
    openingBalance: statement.openingBalance,
    closingBalance: statement.closingBalance,
    lines: statement.lines,
    totals: { moneyIn: statement.moneyIn, moneyOut: statement.moneyOut },
    generatedAt: new Date(),
    note: note ?? null,
  });
  return { body, contentType: 'application/pdf', filename: fileName(statement, 'pdf') };
}

/**
 * A statement in the format asked for: the JSON envelope with one page of lines, or a CSV or PDF
 * file of the whole period.
 */
export async function answerStatement(
  ctx: Ctx,
  reply: FastifyReply,
  query: StatementQuery,
  { statement, total, note }: { statement: Statement; total: number; note?: string },
) {
  if (query.format === 'csv') return sendFile(reply, statementCsv(statement));
  if (query.format === 'pdf') return sendFile(reply, await statementPdf(ctx, statement, note));
  return { ...ok(statement), meta: { page: query.page, pageSize: query.pageSize, total } };
}

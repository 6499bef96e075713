import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CsvStatementMapping,
  type BankFileFormat,
  type BankStatementView,
  type PageQuery,
  type StatementImportQuery,
  type StatementImportReport,
  type StatementLinePreview,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/index.ts';
import { inCompany, transact, type Ctx } from '../../db/scope.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { BANK_ACCOUNT_NOT_FOUND } from './accounts-service.ts';
import * as repo from './import-repo.ts';
import { findBankAccount, type BankAccountRow } from './repo.ts';
import { parseCamt053 } from './statement-files/camt053.ts';
import { statementInvalid, type ParsedStatement, type StatementProblem } from './statement-files/common.ts';
import { csvHeaders, MappingMismatch, parseCsvStatement } from './statement-files/csv.ts';
import { detectFormat } from './statement-files/detect.ts';
import { parseOfxStatement } from './statement-files/ofx.ts';
import type { StatementUpload } from './statement-upload.ts';

const BOOKKEEPERS = ['admin', 'accountant'] as const;

/** 1234.5 → "1,234.50": the figure as the statement shows it, for messages. */
export function formatFigure(cents: number): string {
  const magnitude = Math.abs(cents);
  const whole = BigInt(Math.trunc(magnitude / 100)).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}${whole}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** The headers go back in `details`, one per column, so the web can show the mapping form. */
function mappingRequired(message: string, headers: string[]) {
  return new AppError(
    422,
    'MAPPING_REQUIRED',
    `${message} Map its columns (date, description, amount or debit and credit, balance): ${headers.join(', ')}.`,
    headers.map((header) => ({ path: 'headers', message: header })),
  );
}

function mappingOf(text: string | undefined): CsvStatementMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('MAPPING_INVALID', 'The column mapping is not valid JSON.');
  }
  const parsed = CsvStatementMapping.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError(
      400,
      'MAPPING_INVALID',
      `The column mapping is not valid: ${details[0]!.message}.`,
      details,
    );
  }
  return parsed.data;
}

/** The file read by its format's parser; a CSV with the mapping sent, else the one saved. */
function parseFile(
  format: BankFileFormat,
  upload: StatementUpload,
  account: BankAccountRow,
): { parsed: ParsedStatement; mapping: CsvStatementMapping | undefined } {
  if (format === 'ofx') return { parsed: parseOfxStatement(upload.data), mapping: undefined };
  if (format === 'camt053') return { parsed: parseCamt053(upload.data), mapping: undefined };
  const sent = mappingOf(upload.mapping);
  const mapping = sent ?? account.csvMapping ?? undefined;
  if (!mapping) {
    throw mappingRequired('This bank account has no CSV column mapping yet.', csvHeaders(upload.data));
  }
  try {
    return { parsed: parseCsvStatement(upload.data, mapping), mapping };
  } catch (error) {
    if (!(error instanceof MappingMismatch)) throw error;
    const whose = sent ? 'The mapping sent' : 'The saved mapping';
    throw mappingRequired(
      `${whose} names the column “${error.column}”, which this file does not have.`,
      error.headers,
    );
  }
}

/** What makes a line the same line in another import (bank_lines' unique identity per account). */
export const lineIdentity = (line: {
  date: string;
  amount: number;
  reference: string | null;
  balance: number;
  bankTransactionId: string | null;
}) =>
  line.bankTransactionId
    ? `id:${line.bankTransactionId}`
    : `${line.date}|${line.amount}|${line.reference ?? ''}|${line.balance}`;

interface Checked {
  report: Omit<StatementImportReport, 'added' | 'duplicates' | 'applied' | 'statementId' | 'lines'>;
  lines: (Omit<StatementLinePreview, 'duplicate'> & { identity: string })[];
}

/**
 * The file's figures checked against the bank account. The opening is what the file states
 * (camt OPBD), else follows from its closing (OFX LEDGERBAL) or its first balance (CSV), else the
 * one given, else the account's last known balance, else 0. Walking from the opening, each
 * balance the bank gives must be the one carried; the first that is not is the problem (later
 * lines carry on from the bank's figure, so one slip is one problem), and a stated closing must be
 * the opening plus the lines.
 */
export function checkStatement(
  parsed: ParsedStatement,
  account: { currency: string },
  given: { openingBalance?: number | undefined; lastBalance: number | null },
): Checked {
  const problems: StatementProblem[] = [...parsed.problems];
  const currency = parsed.currency ?? account.currency;
  if (currency !== account.currency) {
    problems.push({
      line: parsed.currencyLine,
      message: `The statement is in ${currency}, but this bank account is in ${account.currency}. Import it into the ${currency} bank account.`,
    });
  }
  for (const { line, currency: lineCurrency } of parsed.lineCurrencies) {
    if (lineCurrency !== account.currency) {
      problems.push({
        line,
        message: `Entry ${line}: the amount is in ${lineCurrency}, not ${account.currency}.`,
      });
    }
  }
  const { lines } = parsed;
  if (lines.length === 0 && problems.length === 0) throw statementInvalid('The file has no statement lines.');
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  const first = lines[0];
  const opening =
    parsed.opening ??
    (parsed.closing !== null
      ? parsed.closing - sum
      : first && first.balance !== null
        ? first.balance - first.amount
        : (given.openingBalance ?? given.lastBalance ?? 0));
  let carried = opening;
  let broken = false;
  const checked = lines.map((line) => {
    const expected = carried + line.amount;
    if (!broken && line.balance !== null && line.balance !== expected) {
      broken = true;
      problems.push({
        line: line.line,
        message: `Line ${line.line}: the balance ${formatFigure(line.balance)} does not follow from the line before (expected ${formatFigure(expected)}).`,
      });
    }
    carried = line.balance ?? expected;
    const preview = {
      line: line.line,
      date: line.date,
      description: line.description,
      reference: line.reference,
      counterparty: line.counterparty,
      amount: line.amount,
      balance: carried,
      bankTransactionId: line.bankTransactionId,
    };
    return { ...preview, identity: lineIdentity(preview) };
  });
  if (parsed.closing !== null && !broken && parsed.closing !== opening + sum) {
    problems.push({
      line: 0,
      message: `The closing balance ${formatFigure(parsed.closing)} does not follow from the opening balance ${formatFigure(opening)} and the lines (expected ${formatFigure(opening + sum)}).`,
    });
  }
  const dates = lines.map((line) => line.date).sort();
  return {
    report: {
      format: parsed.format,
      currency,
      fromDate: dates[0] ?? '',
      toDate: dates.at(-1) ?? '',
      openingBalance: opening,
      closingBalance: parsed.closing ?? carried,
      problems: problems.sort((a, b) => a.line - b.line),
    },
    lines: checked,
  };
}

async function lockAccount(tx: Tx, ctx: Ctx, id: string) {
  await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(inCompany(bankAccounts, ctx, eq(bankAccounts.id, id)))
    .for('update');
}

/**
 * A statement file for a bank account: a dry run (the default) reads and checks it and writes
 * nothing; an apply with no problems writes the statement and only its new lines in one
 * transaction (re-importing a file, or an overlapping one, adds no line twice).
 */
export async function importStatement(
  ctx: Ctx,
  bankAccountId: string,
  /** Reads the file (the route's multipart upload), only once the account is known to be there. */
  readUpload: () => Promise<StatementUpload>,
  query: z.output<typeof StatementImportQuery>,
): Promise<StatementImportReport> {
  assertRole(ctx, BOOKKEEPERS);
  // Another company's account (or none) is 404 before the upload is even read.
  await transact(ctx, async (tx) => {
    if (!(await findBankAccount(tx, ctx, bankAccountId))) throw notFound(BANK_ACCOUNT_NOT_FOUND);
  });
  const upload = await readUpload();
  const format = query.format ?? detectFormat(upload.fileName, upload.data);
  return transact(ctx, async (tx) => {
    if (!query.dryRun) await lockAccount(tx, ctx, bankAccountId);
    const account = await findBankAccount(tx, ctx, bankAccountId);
    if (!account) throw notFound(BANK_ACCOUNT_NOT_FOUND);
    const { parsed, mapping } = parseFile(format, upload, account);
    const lastBalance = await repo.lastLineBalance(tx, ctx, bankAccountId);
    const { report, lines } = checkStatement(parsed, account, {
      openingBalance: query.openingBalance,
      lastBalance,
    });
    const existing = await repo.existingIdentities(
      tx,
      ctx,
      bankAccountId,
      lines.map((line) => line.identity),
    );
    // A bank transaction id twice in one file is one transaction: the second is not added either.
    const seen = new Set<string>();
    const previews = lines.map(({ identity, ...line }) => {
      const duplicate = existing.has(identity) || seen.has(identity);
      seen.add(identity);
      return { line: { ...line, duplicate }, identity };
    });
    const fresh = previews.filter((each) => !each.line.duplicate);
    const dryRun: StatementImportReport = {
      ...report,
      lines: previews.map((each) => each.line),
      added: fresh.length,
      duplicates: previews.length - fresh.length,
      applied: false,
      statementId: null,
    };
    if (query.dryRun) return dryRun;
    if (report.problems.length > 0) {
      const count = report.problems.length;
      throw new AppError(
        422,
        'STATEMENT_HAS_PROBLEMS',
        `The statement has ${count} problem${count > 1 ? 's' : ''}, so nothing was imported. ${report.problems[0]!.message}`,
        report.problems.map((problem) => ({ path: `line ${problem.line}`, message: problem.message })),
      );
    }
    const fileName = upload.fileName || `statement.${format === 'camt053' ? 'xml' : format}`;
    const statementId = await repo.insertStatement(tx, ctx, {
      bankAccountId,
      format,
      fileName,
      fromDate: report.fromDate,
      toDate: report.toDate,
      openingCents: report.openingBalance,
      closingCents: report.closingBalance,
      lineCount: previews.length,
      importedBy: ctx.userId,
    });
    const added = await repo.insertNewLines(
      tx,
      ctx,
      statementId,
      previews.flatMap(({ line, identity }, index) =>
        line.duplicate
          ? []
          : [
              {
                bankAccountId,
                statementId,
                position: index + 1,
                lineDate: line.date,
                description: line.description,
                reference: line.reference,
                counterparty: line.counterparty,
                amountCents: line.amount,
                balanceCents: line.balance,
                bankTransactionId: line.bankTransactionId,
                identity,
              },
            ],
      ),
    );
    if (mapping) await repo.saveMapping(tx, ctx, bankAccountId, mapping);
    await recordAudit(tx, auditActor(ctx), {
      action: 'bank_statement.imported',
      entity: 'bank_statement',
      entityId: statementId,
      after: {
        bankAccountId,
        format,
        fileName,
        fromDate: report.fromDate,
        toDate: report.toDate,
        openingBalance: report.openingBalance,
        closingBalance: report.closingBalance,
        lineCount: previews.length,
        added,
        ...(mapping ? { csvMapping: mapping } : {}),
      },
    });
    return { ...dryRun, added, duplicates: previews.length - added, applied: true, statementId };
  });
}

export const listStatements = (
  ctx: Ctx,
  bankAccountId: string,
  query: PageQuery,
): Promise<{ items: z.infer<typeof BankStatementView>[]; total: number }> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    if (!(await findBankAccount(tx, ctx, bankAccountId))) throw notFound(BANK_ACCOUNT_NOT_FOUND);
    const page = await repo.listStatements(tx, ctx, bankAccountId, query);
    return {
      total: page.total,
      items: page.items.map(({ statement, importedByName }) => ({
        _id: statement.id,
        format: statement.format,
        fileName: statement.fileName,
        fromDate: statement.fromDate,
        toDate: statement.toDate,
        openingBalance: Number(statement.openingCents),
        closingBalance: Number(statement.closingCents),
        lineCount: statement.lineCount,
        addedCount: statement.addedCount,
        importedByName: importedByName || null,
        createdAt: statement.createdAt.toISOString(),
      })),
    };
  });

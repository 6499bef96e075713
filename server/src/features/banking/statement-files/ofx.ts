import { parseSync } from 'ofx-js';
import {
  assertWellFormedXml,
  decodeText,
  listOf,
  parseFileCents,
  parseIsoishDate,
  quoted,
  statementInvalid,
  textOf,
  type ParsedLine,
  type ParsedStatement,
  type StatementProblem,
} from './common.ts';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (node: unknown, name: string): unknown => (isNode(node) ? node[name] : undefined);

/** OFX 2 is XML (an `<?xml ?>` prolog, or an `<?OFX ?>` header); OFX 1.x is SGML with `KEY:VALUE` headers. */
const isXmlOfx = (text: string) => /^\s*<\?(xml|OFX)\b/.test(text);

/**
 * An OFX/QFX statement (SGML OFX 1.x or XML OFX 2.x) read with ofx-js (see
 * docs/decisions/bank-statement-parsers.md): the first bank or card statement of the file, its
 * STMTTRN lines numbered in order, LEDGERBAL as the closing balance. OFX gives no running balance
 * per line.
 */
export function parseOfxStatement(data: Buffer): ParsedStatement {
  const text = decodeText(data, 'an OFX statement');
  if (!text.includes('<OFX>')) {
    throw statementInvalid('This file is not an OFX statement: it has no <OFX> element.');
  }
  if (isXmlOfx(text)) {
    assertWellFormedXml(text, 'OFX');
  }
  let ofx: Node;
  try {
    ofx = parseSync(text).OFX;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'it is not valid OFX';
    throw statementInvalid(`The OFX file could not be read: ${reason}.`);
  }
  const statements = [
    ...listOf(child(child(ofx, 'BANKMSGSRSV1'), 'STMTTRNRS')).map((each) => child(each, 'STMTRS')),
    ...listOf(child(child(ofx, 'CREDITCARDMSGSRSV1'), 'CCSTMTTRNRS')).map((each) => child(each, 'CCSTMTRS')),
  ].filter(isNode);
  if (statements.length === 0) {
    throw statementInvalid('The OFX file has no bank statement (no STMTRS in BANKMSGSRSV1).');
  }
  if (statements.length > 1) {
    throw statementInvalid(
      `The OFX file holds ${statements.length} account statements. Download one account per file and import each.`,
    );
  }
  const statement = statements[0]!;
  const transactions = listOf(child(child(statement, 'BANKTRANLIST'), 'STMTTRN'));
  if (transactions.length === 0) {
    throw statementInvalid('The OFX file has no transactions (no STMTTRN in its BANKTRANLIST).');
  }
  const lines: ParsedLine[] = [];
  const problems: StatementProblem[] = [];
  transactions.forEach((transaction, index) => {
    const line = index + 1;
    const field = (name: string) => textOf(child(transaction, name));
    const problem = (message: string) => problems.push({ line, message: `Transaction ${line}: ${message}` });
    const dateText = field('DTPOSTED');
    const date = parseIsoishDate(dateText);
    const amountText = field('TRNAMT');
    const amount = parseFileCents(amountText);
    if (!date)
      problem(
        dateText ? `the date ${quoted(dateText)} (DTPOSTED) is not a date.` : 'it has no DTPOSTED date.',
      );
    if (amount === null) {
      problem(
        amountText
          ? `the amount ${quoted(amountText)} (TRNAMT) is not an amount.`
          : 'it has no TRNAMT amount.',
      );
    }
    if (!date || amount === null) return;
    const name = field('NAME') || textOf(child(child(transaction, 'PAYEE'), 'NAME'));
    const memo = field('MEMO');
    lines.push({
      line,
      date,
      description:
        [name, memo].filter(Boolean).join(' — ') || field('TRNTYPE') || (amount > 0 ? 'Credit' : 'Debit'),
      reference: field('REFNUM') || field('CHECKNUM') || null,
      counterparty: name || null,
      amount,
      balance: null,
      bankTransactionId: field('FITID') || null,
    });
  });
  const closingText = textOf(child(child(statement, 'LEDGERBAL'), 'BALAMT'));
  const closing = closingText ? parseFileCents(closingText) : null;
  if (closingText && closing === null) {
    problems.push({
      line: 0,
      message: `The closing balance ${quoted(closingText)} (LEDGERBAL) is not an amount.`,
    });
  }
  return {
    format: 'ofx',
    currency: textOf(child(statement, 'CURDEF')).toUpperCase() || null,
    currencyLine: 0,
    lineCurrencies: [],
    lines,
    opening: null,
    closing,
    problems,
  };
}

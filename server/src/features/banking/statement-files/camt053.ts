import { XMLParser } from 'fast-xml-parser';
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
const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((value, name) => (isNode(value) ? value[name] : undefined), node);
const textAt = (node: unknown, ...path: string[]) => textOf(at(node, ...path));

const REPEATED = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Amounts and references stay text: "00123" is a reference, "10.50" is parsed to cents exactly.
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

/** An `<Amt Ccy="USD">12.00</Amt>` with its `CdtDbtInd` beside it: signed cents and currency. */
function signedAmount(node: unknown): {
  cents: number | null;
  text: string;
  currency: string;
  credit: boolean;
} {
  const amount = at(node, 'Amt');
  const text = isNode(amount) ? textOf(amount['#text']) : textOf(amount);
  const currency = isNode(amount) ? textOf(amount['@Ccy']).toUpperCase() : '';
  const credit = textAt(node, 'CdtDbtInd') !== 'DBIT';
  const cents = parseFileCents(text);
  return { cents: cents === null ? null : credit ? cents : -cents, text, currency, credit };
}

const balanceCode = (balance: unknown) =>
  textAt(balance, 'Tp', 'CdOrPrtry', 'Cd') || textAt(balance, 'Tp', 'CdOrPrtry', 'Prtry');

/**
 * An ISO 20022 camt.053 bank-to-customer statement read with fast-xml-parser: each Stmt's
 * booked entries (Ntry) in order, numbered from 1 across the file; the opening (OPBD, else the
 * previous closing PRCD) of the first Stmt and the closing (CLBD) of the last. Pending entries
 * are not on the booked balance and are left out.
 */
export function parseCamt053(data: Buffer): ParsedStatement {
  const text = decodeText(data, 'a camt.053 statement');
  assertWellFormedXml(text, 'camt.053');
  const document = parser.parse(text) as Node;
  const statements = listOf(at(document, 'Document', 'BkToCstmrStmt', 'Stmt') as unknown[] | undefined);
  if (statements.length === 0) {
    throw statementInvalid(
      'This XML file is not an ISO 20022 camt.053 statement: it has no Document/BkToCstmrStmt/Stmt element.',
    );
  }
  const lines: ParsedLine[] = [];
  const problems: StatementProblem[] = [];
  const lineCurrencies: { line: number; currency: string }[] = [];
  let currency: string | null = null;
  let opening: number | null = null;
  let closing: number | null = null;
  let entryNumber = 0;
  for (const [index, statement] of statements.entries()) {
    currency ??= textAt(statement, 'Acct', 'Ccy').toUpperCase() || null;
    const balances = listOf(at(statement, 'Bal') as unknown[] | undefined);
    const balanceOf = (...codes: string[]) => {
      const found = codes
        .map((code) => balances.find((balance) => balanceCode(balance) === code))
        .find(Boolean);
      if (!found) return null;
      const { cents, text: amountText, currency: balanceCurrency } = signedAmount(found);
      currency ??= balanceCurrency || null;
      if (cents === null) {
        problems.push({
          line: 0,
          message: `The ${balanceCode(found)} balance ${quoted(amountText)} is not an amount.`,
        });
      }
      return cents;
    };
    if (index === 0) opening = balanceOf('OPBD', 'PRCD');
    if (index === statements.length - 1) closing = balanceOf('CLBD');
    for (const entry of listOf(at(statement, 'Ntry') as unknown[] | undefined)) {
      entryNumber += 1;
      const line = entryNumber;
      const status = textAt(entry, 'Sts') || textAt(entry, 'Sts', 'Cd');
      if (status !== '' && status !== 'BOOK') continue;
      const problem = (message: string) => problems.push({ line, message: `Entry ${line}: ${message}` });
      const { cents, text: amountText, currency: entryCurrency, credit } = signedAmount(entry);
      const dateText = textAt(entry, 'BookgDt', 'Dt') || textAt(entry, 'BookgDt', 'DtTm');
      const date = parseIsoishDate(dateText);
      if (!date)
        problem(
          dateText
            ? `the booking date ${quoted(dateText)} is not a date.`
            : 'it has no booking date (BookgDt).',
        );
      if (cents === null)
        problem(
          amountText ? `the amount ${quoted(amountText)} is not an amount.` : 'it has no amount (Amt).',
        );
      if (entryCurrency) lineCurrencies.push({ line, currency: entryCurrency });
      if (!date || cents === null) continue;
      const details = listOf(at(entry, 'NtryDtls') as unknown[] | undefined).flatMap((each) =>
        listOf(at(each, 'TxDtls') as unknown[] | undefined),
      );
      const first = details[0];
      const remittance = details.flatMap((each) =>
        listOf(at(each, 'RmtInf', 'Ustrd') as unknown[] | undefined).map(textOf),
      );
      const structured = textAt(
        listOf(at(first, 'RmtInf', 'Strd') as unknown[] | undefined)[0],
        'CdtrRefInf',
        'Ref',
      );
      const endToEnd = textAt(first, 'Refs', 'EndToEndId');
      // The other side: who paid a credit, who was paid by a debit (camt.053.001.02 and later layouts).
      const party = credit ? 'Dbtr' : 'Cdtr';
      const counterparty =
        textAt(first, 'RltdPties', party, 'Nm') || textAt(first, 'RltdPties', party, 'Pty', 'Nm');
      const description =
        [remittance.filter(Boolean).join(' '), textAt(entry, 'AddtlNtryInf')].find(Boolean) ||
        textAt(first, 'AddtlTxInf') ||
        (credit ? 'Credit' : 'Debit');
      lines.push({
        line,
        date,
        description,
        reference: (endToEnd !== 'NOTPROVIDED' && endToEnd) || structured || remittance.find(Boolean) || null,
        counterparty: counterparty || null,
        amount: cents,
        balance: null,
        bankTransactionId: textAt(entry, 'AcctSvcrRef') || textAt(entry, 'NtryRef') || null,
      });
    }
  }
  if (entryNumber === 0) throw statementInvalid('The camt.053 statement has no entries (Ntry).');
  return { format: 'camt053', currency, currencyLine: 0, lineCurrencies, lines, opening, closing, problems };
}

import { strToU8, zipSync } from 'fflate';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { BOOKS, formatMajorUnits, formatMoney, type Reconciliation } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../db/scope.ts';
import {
  COLOURS,
  companyHeader,
  figureBoxes,
  formatDocumentDate,
  formatDocumentTimestamp,
  pageFooter,
  renderPdf,
  toCsv,
  type DocumentCompany,
} from '../../lib/documents/index.ts';
import type { FileReply } from '../../lib/http.ts';
import { findLetterhead } from '../companies/index.ts';
import { accountBalances, accountLabels, isClientMoney, trialBalance } from '../ledger/index.ts';
import { suspenseOpenAt } from './reconciliation-repo.ts';
import type { BankAccountRow } from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

/** Minor units as decimal major units, sign first: -1250 → "-12.50". */
const decimal = (cents: number) => (cents < 0 ? `-${formatMajorUnits(-cents)}` : formatMajorUnits(cents));

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'account';

type Item = Reconciliation['depositsInTransit'][number];

const RECONCILIATION_COLUMNS = [
  { key: 'section', header: 'Section' },
  { key: 'date', header: 'Date' },
  { key: 'description', header: 'Description' },
  { key: 'reference', header: 'Reference' },
  { key: 'amount', header: 'Amount' },
];

/**
 * The reconciliation as rows, figures and items in reading order: each figure a row of its own
 * section (`statement_balance`, `adjusted_bank_balance`, ...), each item a row of its list's.
 */
function reconciliationRows(r: Reconciliation) {
  const figure = (section: string, description: string, amount: number | null) =>
    amount === null ? [] : [{ section, date: r.date, description, reference: null, amount: decimal(amount) }];
  const items = (section: string, list: Item[]) =>
    list.map((item) => ({
      section,
      date: item.date,
      description: item.description,
      reference: item.reference,
      amount: decimal(item.amount),
    }));
  return [
    ...figure('statement_balance', 'Statement balance', r.statementBalance),
    ...items('deposit_in_transit', r.depositsInTransit),
    ...items('unpresented_payment', r.unpresentedPayments),
    ...figure('adjusted_bank_balance', 'Adjusted bank balance', r.adjustedBankBalance),
    ...figure('cash_book', 'Cash book', r.cashBook),
    ...items('unrecorded_line', r.unrecordedLines),
    ...figure('bank_difference', 'Bank difference', r.bankDifference),
    ...figure('client_ledgers', 'Client ledgers', r.clientLedgers),
    ...figure('ledger_difference', 'Ledger difference', r.ledgerDifference),
    ...r.clientAccountsInDebit.map((row) => ({
      section: 'client_account_in_debit',
      date: r.date,
      description: row.label,
      reference: row.account,
      amount: decimal(row.balance),
    })),
  ];
}

const UNMATCHED_COLUMNS = [
  { key: 'kind', header: 'Kind' },
  { key: 'date', header: 'Date' },
  { key: 'description', header: 'Description' },
  { key: 'reference', header: 'Reference' },
  { key: 'amount', header: 'Amount' },
  { key: 'ledgerSeq', header: 'Ledger entry' },
  { key: 'lineId', header: 'Statement line' },
];

function unmatchedRows(r: Reconciliation) {
  const rows = (kind: string, list: Item[]) =>
    list.map((item) => ({
      kind,
      date: item.date,
      description: item.description,
      reference: item.reference,
      amount: decimal(item.amount),
      ledgerSeq: item.seq,
      lineId: item.lineId,
    }));
  return [
    ...rows('statement line not matched to the ledger', r.unrecordedLines),
    ...rows('receipt not on the statement', r.depositsInTransit),
    ...rows('payment not on the statement', r.unpresentedPayments),
  ];
}

/** One PDF table: a shaded header row, money right-aligned. */
function table(
  headers: string[],
  rows: string[][],
  widths: (string | number)[],
  moneyColumns: number[],
): Content {
  const cell = (text: string, index: number, bold = false) => ({
    text,
    bold,
    ...(moneyColumns.includes(index) ? { alignment: 'right' as const } : {}),
  });
  return {
    table: {
      headerRows: 1,
      widths,
      body: [
        headers.map((text, index): TableCell => ({ ...cell(text, index, true), fillColor: COLOURS.shade })),
        ...rows.map((row) => row.map((text, index) => cell(text, index))),
      ],
    },
    layout: {
      hLineWidth: (index, node) => (index === 0 || index === node.table.body.length ? 0 : 0.5),
      vLineWidth: () => 0,
      hLineColor: () => COLOURS.rule,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    margin: [0, 0, 0, 12],
  };
}

/** The reconciliation as a PDF: the three figures, then every item between them. */
async function reconciliationPdf(
  company: DocumentCompany,
  account: BankAccountRow,
  r: Reconciliation,
  signed: { byName: string | null; at: Date },
): Promise<Buffer> {
  const money = (amount: number) => formatMoney(amount, r.currency);
  const heading = (text: string): Content => ({ text, bold: true, fontSize: 11, margin: [0, 6, 0, 4] });
  const itemTable = (list: Item[], empty: string): Content =>
    list.length === 0
      ? { text: empty, color: COLOURS.muted, margin: [0, 0, 0, 12] }
      : table(
          ['Date', 'Description', 'Reference', 'Amount'],
          list.map((item) => [
            formatDocumentDate(item.date),
            item.description,
            item.reference ?? '',
            money(item.amount),
          ]),
          [60, '*', 90, 80],
          [3],
        );
  const summary: string[][] = [
    ['Statement balance', money(r.statementBalance)],
    ['Add: receipts not yet on the statement', money(r.depositsInTransit.reduce((s, i) => s + i.amount, 0))],
    [
      'Less: payments not yet on the statement',
      money(r.unpresentedPayments.reduce((s, i) => s + i.amount, 0)),
    ],
    ['Adjusted bank balance', money(r.adjustedBankBalance)],
    ['Cash book', money(r.cashBook)],
    ['Bank difference', money(r.bankDifference)],
    ...(r.clientLedgers === null
      ? []
      : [
          ['Client ledgers', money(r.clientLedgers)],
          ['Ledger difference', money(r.ledgerDifference ?? 0)],
        ]),
  ];
  const label = `Bank reconciliation: ${account.name}, ${formatDocumentDate(r.date)}`;
  return renderPdf({
    info: { title: label, author: company.name },
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 9 },
    footer: pageFooter(label),
    content: [
      companyHeader(company),
      { text: 'Bank reconciliation', fontSize: 20, bold: true },
      {
        text: `${account.name} · ${account.bankName} ${account.accountNumber} · ${r.book} ${r.currency}`,
        fontSize: 12,
        bold: true,
        margin: [0, 6, 0, 0],
      },
      {
        text:
          `At ${formatDocumentDate(r.date)}. Signed off by ${signed.byName ?? 'unknown'} ` +
          `on ${formatDocumentTimestamp(signed.at)}.`,
        margin: [0, 6, 0, 12],
      },
      figureBoxes([
        ['Adjusted bank balance', money(r.adjustedBankBalance)],
        ['Cash book', money(r.cashBook)],
        ...(r.clientLedgers === null ? [] : [['Client ledgers', money(r.clientLedgers)] as [string, string]]),
      ]),
      table(['', 'Amount'], summary, ['*', 100], [1]),
      heading('Receipts in the ledger not yet on the statement'),
      itemTable(r.depositsInTransit, 'None.'),
      heading('Payments in the ledger not yet on the statement'),
      itemTable(r.unpresentedPayments, 'None.'),
      heading('Statement lines not matched to the ledger'),
      itemTable(r.unrecordedLines, 'None.'),
      ...(r.clientLedgers === null
        ? []
        : [
            heading('Client accounts in debit'),
            r.clientAccountsInDebit.length === 0
              ? ({ text: 'None.', color: COLOURS.muted } as Content)
              : table(
                  ['Account', 'Debit balance'],
                  r.clientAccountsInDebit.map((row) => [row.label, money(row.balance)]),
                  ['*', 100],
                  [1],
                ),
          ]),
    ],
  });
}

const BALANCE_COLUMNS = [
  { key: 'account', header: 'Account' },
  { key: 'label', header: 'Name' },
  { key: 'type', header: 'Type' },
  { key: 'balance', header: 'Balance (debit positive)' },
];

const HELD_COLUMNS = [
  { key: 'account', header: 'Account' },
  { key: 'label', header: 'Name' },
  { key: 'held', header: 'Held' },
];

/**
 * The month-end pack of a signed-off reconciliation: the reconciliation as it was signed off (PDF
 * and CSV), and the books at its date: both trial balances, client balances, deposits held, open
 * suspense and the unmatched items. Read from one snapshot by the caller's transaction.
 */
export async function buildMonthEndPack(
  tx: Tx,
  scope: Scope,
  pack: {
    account: BankAccountRow;
    reconciliation: Reconciliation;
    signedOffByName: string | null;
    signedOffAt: Date;
  },
): Promise<FileReply> {
  const { account, reconciliation: r } = pack;
  const date = r.date;
  const currency = r.currency;
  const company = await findLetterhead(tx, scope.companyId);
  const files: Record<string, Uint8Array> = {};

  files['reconciliation.pdf'] = await reconciliationPdf(company, account, r, {
    byName: pack.signedOffByName,
    at: pack.signedOffAt,
  });
  files['reconciliation.csv'] = strToU8(toCsv(RECONCILIATION_COLUMNS, reconciliationRows(r)));

  const trial = await trialBalance(tx, scope, { books: BOOKS, currency, asOf: date });
  for (const book of trial.books) {
    files[`trial-balance-${book.book}.csv`] = strToU8(
      toCsv(BALANCE_COLUMNS, [
        ...book.accounts.map((row) => ({
          account: row.account,
          label: row.label,
          type: row.type,
          balance: decimal(row.balance),
        })),
        { account: 'total', label: 'Total', type: null, balance: decimal(book.total) },
      ]),
    );
  }

  const clients = (await accountBalances(tx, scope, { currency, upTo: date })).filter(
    (row) => isClientMoney(row.account) && row.balance !== 0,
  );
  const labels = await accountLabels(
    tx,
    scope,
    clients.map((row) => row.account),
  );
  const held = (rows: typeof clients) =>
    rows.map((row) => ({
      account: row.account,
      label: labels.get(row.account) ?? row.account,
      held: decimal(-row.balance),
    }));
  files['client-balances.csv'] = strToU8(toCsv(HELD_COLUMNS, held(clients)));
  files['deposits-held.csv'] = strToU8(
    toCsv(HELD_COLUMNS, held(clients.filter((row) => row.account.startsWith('deposits:')))),
  );

  const suspense = await suspenseOpenAt(tx, scope, currency, date);
  files['suspense.csv'] = strToU8(
    toCsv(
      [
        { key: 'date', header: 'Date' },
        { key: 'description', header: 'Description' },
        { key: 'counterparty', header: 'From' },
        { key: 'amount', header: 'Amount' },
        { key: 'note', header: 'Note' },
      ],
      suspense.map((item) => ({
        date: item.date,
        description: item.description,
        counterparty: item.counterparty,
        amount: decimal(item.amount),
        note: item.note,
      })),
    ),
  );
  files['unmatched.csv'] = strToU8(toCsv(UNMATCHED_COLUMNS, unmatchedRows(r)));

  return {
    body: Buffer.from(zipSync(files)),
    contentType: 'application/zip',
    filename: `month-end-${slug(account.name)}-${date}.zip`,
  };
}

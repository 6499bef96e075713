import { formatMoney } from '@lintel/contracts';
import type { Content, ContentSection, TableCell } from 'pdfmake/interfaces';
import {
  COLOURS,
  companyHeader,
  figureBoxes,
  formatDocumentDate,
  formatDocumentTimestamp,
  pageFooter,
  renderPdf,
} from './pdf.ts';
import type { StatementDocument } from './types.ts';

const HEADERS = ['Date', 'Description', 'Reference', 'Money in', 'Money out', 'Balance'];
const MONEY_COLUMNS = new Set([3, 4, 5]);

/** One table row; money columns are right-aligned so the figures line up. */
function row(cells: string[], style?: { bold?: boolean; fillColor?: string }): TableCell[] {
  return cells.map((text, index) => ({
    text,
    ...style,
    ...(MONEY_COLUMNS.has(index) && { alignment: 'right' }),
  }));
}

function summary(statement: Omit<StatementDocument, 'company'>): Content {
  const money = (amount: number) => formatMoney(amount, statement.currency);
  return figureBoxes([
    ['Opening balance', money(statement.openingBalance)],
    ['Money in', money(statement.totals.moneyIn)],
    ['Money out', money(statement.totals.moneyOut)],
    ['Closing balance', money(statement.closingBalance)],
  ]);
}

/**
 * A statement without the letterhead: title, period, summary and the table of lines. Bulk
 * documents (the owner-statements report) put one after another under one letterhead.
 */
function statementContent(statement: Omit<StatementDocument, 'company'>): Content[] {
  const money = (amount: number) => formatMoney(amount, statement.currency);
  const period = `${formatDocumentDate(statement.from)} to ${formatDocumentDate(statement.to)}`;
  const body: TableCell[][] = [
    row(HEADERS, { bold: true, fillColor: COLOURS.shade }),
    row(
      [formatDocumentDate(statement.from), 'Opening balance', '', '', '', money(statement.openingBalance)],
      {
        bold: true,
      },
    ),
    ...statement.lines.map((line) =>
      row([
        formatDocumentDate(line.date),
        line.description,
        line.reference ?? '',
        line.amount > 0 ? money(line.amount) : '',
        line.amount < 0 ? money(-line.amount) : '',
        money(line.balance),
      ]),
    ),
    row(['', 'Totals', '', money(statement.totals.moneyIn), money(statement.totals.moneyOut), ''], {
      bold: true,
    }),
    row([formatDocumentDate(statement.to), 'Closing balance', '', '', '', money(statement.closingBalance)], {
      bold: true,
      fillColor: COLOURS.shade,
    }),
  ];

  return [
    { text: statement.title, fontSize: 20, bold: true },
    { text: statement.subject, fontSize: 12, bold: true, margin: [0, 6, 0, 0] },
    ...(statement.subjectDetail ? [{ text: statement.subjectDetail, color: COLOURS.muted }] : []),
    {
      columns: [
        { text: `Period: ${period}`, width: '*' },
        {
          text: `Generated ${formatDocumentTimestamp(statement.generatedAt)}`,
          alignment: 'right',
          width: 'auto',
          color: COLOURS.muted,
        },
      ],
      margin: [0, 6, 0, statement.note ? 2 : 12],
    },
    ...(statement.note
      ? [{ text: statement.note, color: COLOURS.muted, margin: [0, 0, 0, 12] } as Content]
      : []),
    summary(statement),
    {
      table: { headerRows: 1, widths: [52, '*', 70, 62, 62, 66], body },
      layout: {
        hLineWidth: (index, node) => (index === 0 || index === node.table.body.length ? 0 : 0.5),
        vLineWidth: () => 0,
        hLineColor: () => COLOURS.rule,
        paddingTop: () => 3,
        paddingBottom: () => 3,
      },
    },
  ];
}

/** "Owner statement: Grace Moyo, 1 Dec 2025 to 30 Nov 2026" at the foot of each page, whose it is. */
function statementFooter(statement: Omit<StatementDocument, 'company'>) {
  const period = `${formatDocumentDate(statement.from)} to ${formatDocumentDate(statement.to)}`;
  return pageFooter(`${statement.title}: ${statement.subject}, ${period}`);
}

/**
 * A statement from a new portrait page in a bulk document, its pages footed with whose statement
 * it is, so a page read on its own still says.
 */
export function statementSection(statement: Omit<StatementDocument, 'company'>): ContentSection {
  return {
    section: statementContent(statement),
    pageOrientation: 'portrait',
    footer: statementFooter(statement),
  };
}

/**
 * An account statement for a period: opening balance, every line with its running balance, and
 * the closing balance. Thousands of lines flow over pages with the column headings repeated.
 */
export async function renderStatementPdf(statement: StatementDocument): Promise<Buffer> {
  return renderPdf({
    info: { title: `${statement.title}: ${statement.subject}`, author: statement.company.name },
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 8.5 },
    footer: statementFooter(statement),
    content: [companyHeader(statement.company), ...statementContent(statement)],
  });
}

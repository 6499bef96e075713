import { formatMoney } from '@lintel/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { COLOURS, companyHeader, formatDocumentDate, formatDocumentTimestamp, renderPdf } from './pdf.ts';
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

function summary(statement: StatementDocument): Content {
  const money = (amount: number) => formatMoney(amount, statement.currency);
  const figures: [string, string][] = [
    ['Opening balance', money(statement.openingBalance)],
    ['Money in', money(statement.totals.moneyIn)],
    ['Money out', money(statement.totals.moneyOut)],
    ['Closing balance', money(statement.closingBalance)],
  ];
  return {
    table: {
      widths: ['*', '*', '*', '*'],
      body: [
        figures.map(([label, figure]) => ({
          stack: [
            { text: label, color: COLOURS.muted, fontSize: 8 },
            { text: figure, bold: true, fontSize: 11, margin: [0, 2, 0, 0] },
          ],
          fillColor: COLOURS.shade,
          margin: [8, 6, 8, 6],
        })),
      ],
    },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: (column) => (column > 0 && column < 4 ? 2 : 0),
      vLineColor: () => 'white',
    },
    margin: [0, 0, 0, 14],
  };
}

/**
 * An account statement for a period: opening balance, every line with its running balance, and
 * the closing balance. Thousands of lines flow over pages with the column headings repeated.
 */
export async function renderStatementPdf(statement: StatementDocument): Promise<Buffer> {
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

  return renderPdf({
    info: { title: `${statement.title}: ${statement.subject}`, author: statement.company.name },
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 8.5 },
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `${statement.title}: ${statement.subject}, ${period}`, width: '*' },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', width: 'auto' },
      ],
      color: COLOURS.muted,
      fontSize: 8,
      margin: [40, 16, 40, 0],
    }),
    content: [
      companyHeader(statement.company),
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
        margin: [0, 6, 0, 12],
      },
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
    ],
  });
}

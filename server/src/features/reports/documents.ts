import type { Content, TableCell } from 'pdfmake/interfaces';
import {
  formatMajorUnits,
  formatMoney,
  type Report,
  type ReportCell,
  type ReportColumn,
  type ReportRow,
} from '@lintel/contracts';
import { transact, type Ctx } from '../../db/scope.ts';
import {
  A4_CONTENT_WIDTH,
  COLOURS,
  companyHeader,
  figureBoxes,
  formatDocumentDate,
  formatDocumentTimestamp,
  pageFooter,
  renderPdf,
  statementContent,
  toCsv,
} from '../../lib/documents/index.ts';
import type { FileReply } from '../../lib/http.ts';
import { findLetterhead } from '../companies/index.ts';
import type { OwnerStatement } from './figures.ts';

/** More columns than this do not fit across a portrait A4 page. */
const PORTRAIT_MAX_COLUMNS = 6;

/** Minor units as decimal major units, sign first: -1250 → "-12.50". */
const decimal = (cents: number) => (cents < 0 ? `-${formatMajorUnits(-cents)}` : formatMajorUnits(cents));

/** Basis points as a percentage: 1250 → "12.50%". */
const percent = (bp: number) => `${decimal(bp)}%`;

const AS_OF_REPORTS = new Set<Report['report']>(['rent-roll', 'arrears', 'trust-reconciliation']);

/** Reports of a period say so; the others are as of `to` (occupancy: as of now, its status). */
function periodOf(report: Report): string {
  if (report.report === 'occupancy') return `As of ${formatDocumentTimestamp(new Date(report.generatedAt))}`;
  if (AS_OF_REPORTS.has(report.report)) return `As of ${formatDocumentDate(report.to)}`;
  return `Period: ${formatDocumentDate(report.from)} to ${formatDocumentDate(report.to)}`;
}

const fileName = (report: Report, extension: string) =>
  `${report.report}-${report.from}-${report.to}.${extension}`;

/** A cell for the CSV: money as decimal major units (the currency is in the heading), percent as "12.50%". */
function csvCell(value: ReportCell | undefined, type: ReportColumn['type']): string | number | null {
  if (value === null || value === undefined) return null;
  if (type === 'money') return decimal(Number(value));
  if (type === 'percent') return percent(Number(value));
  return value;
}

/** The table as CSV: a heading row, every row, then the totals row when there is one. */
export function reportCsv(report: Report): FileReply {
  const columns = report.columns.map(({ key, label, type }) => ({
    key,
    header: type === 'money' ? `${label} (${report.currency})` : label,
  }));
  const rows = [...report.rows, ...(report.totals ? [report.totals] : [])].map((row) =>
    Object.fromEntries(report.columns.map(({ key, type }) => [key, csvCell(row[key], type)])),
  );
  return {
    body: toCsv(columns, rows),
    contentType: 'text/csv; charset=utf-8',
    filename: fileName(report, 'csv'),
  };
}

function pdfText(value: ReportCell | undefined, type: ReportColumn['type'], currency: string): string {
  if (value === null || value === undefined) return '';
  if (type === 'money') return formatMoney(Number(value), currency);
  if (type === 'percent') return percent(Number(value));
  if (type === 'date') return formatDocumentDate(String(value));
  return String(value);
}

const isFigure = (type: ReportColumn['type']) => type !== 'text' && type !== 'date';

function tableRow(report: Report, row: ReportRow, style?: { bold: boolean; fillColor: string }): TableCell[] {
  return report.columns.map(({ key, type }) => ({
    text: pdfText(row[key], type, report.currency),
    ...style,
    ...(isFigure(type) && { alignment: 'right' }),
  }));
}

/** Title, period, headline figures and the table with its totals row; headings repeat on every page. */
function reportContent(report: Report): Content[] {
  const shaded = { bold: true, fillColor: COLOURS.shade };
  const empty: TableCell[] = [
    {
      text: 'Nothing to report for this period.',
      colSpan: report.columns.length,
      color: COLOURS.muted,
    },
    ...report.columns.slice(1).map(() => ({})),
  ];
  const body: TableCell[][] = [
    report.columns.map(({ label, type }) => ({
      text: label,
      ...shaded,
      ...(isFigure(type) && { alignment: 'right' }),
    })),
    ...(report.rows.length > 0 ? report.rows.map((row) => tableRow(report, row)) : [empty]),
    ...(report.totals ? [tableRow(report, report.totals, shaded)] : []),
  ];
  return [
    { text: report.title, fontSize: 20, bold: true },
    { text: report.description, color: COLOURS.muted, margin: [0, 4, 0, 0] },
    {
      columns: [
        {
          text: `${periodOf(report)} · Currency: ${report.currency}`,
          width: '*',
        },
        {
          text: `Generated ${formatDocumentTimestamp(new Date(report.generatedAt))}`,
          alignment: 'right',
          width: 'auto',
          color: COLOURS.muted,
        },
      ],
      margin: [0, 6, 0, 12],
    },
    ...(report.summary.length > 0
      ? [
          figureBoxes(
            report.summary.map(({ label, value, type }) => [label, pdfText(value, type, report.currency)]),
          ),
        ]
      : []),
    {
      table: {
        headerRows: 1,
        widths: report.columns.map(({ type }, index) => (type === 'text' || index === 0 ? '*' : 'auto')),
        body,
      },
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

/**
 * The report as a PDF: letterhead, title, period and currency, headline figures, the table with
 * its totals row, page numbers; landscape when the columns need it. Owner statements append every
 * owner's full statement, each from a new page (the bulk statement run).
 */
export async function reportPdf(ctx: Ctx, report: Report, statements: OwnerStatement[]): Promise<FileReply> {
  const company = await transact(ctx, (tx) => findLetterhead(tx, ctx.companyId));
  const landscape = report.columns.length > PORTRAIT_MAX_COLUMNS;
  const lineWidth = landscape ? A4_CONTENT_WIDTH.landscape : A4_CONTENT_WIDTH.portrait;
  const generatedAt = new Date(report.generatedAt);
  const body = await renderPdf({
    info: { title: report.title, author: company.name },
    pageOrientation: landscape ? 'landscape' : 'portrait',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 8.5 },
    footer: pageFooter(`${report.title}, ${periodOf(report)} (${report.currency})`),
    content: [
      companyHeader(company, lineWidth),
      ...reportContent(report),
      ...statements.map((statement): Content => ({
        pageBreak: 'before',
        stack: statementContent({
          ...statement,
          totals: { moneyIn: statement.moneyIn, moneyOut: statement.moneyOut },
          generatedAt,
        }),
      })),
    ],
  });
  return { body, contentType: 'application/pdf', filename: fileName(report, 'pdf') };
}

import type { Content, ContentTable, TableCell } from 'pdfmake/interfaces';
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
  formatDocumentMonth,
  formatDocumentTimestamp,
  pageFooter,
  renderPdf,
  statementSection,
  toCsv,
  type DocumentCompany,
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
function coverageOf(report: Report): { asOf: string } | { from: string; to: string } {
  if (report.report === 'occupancy') return { asOf: formatDocumentTimestamp(new Date(report.generatedAt)) };
  if (AS_OF_REPORTS.has(report.report)) return { asOf: formatDocumentDate(report.to) };
  return { from: formatDocumentDate(report.from), to: formatDocumentDate(report.to) };
}

/** Under the title: "Period: 1 Dec 2025 to 24 Nov 2026" or "As of 24 Nov 2026". */
function coverageLine(report: Report): string {
  const coverage = coverageOf(report);
  return 'asOf' in coverage ? `As of ${coverage.asOf}` : `Period: ${coverage.from} to ${coverage.to}`;
}

/** On every page: "Rent roll as of 24 Nov 2026 (USD)", "Income by month, 1 Dec 2025 to 24 Nov 2026 (USD)". */
function footerLabel(report: Report): string {
  const coverage = coverageOf(report);
  const covers = 'asOf' in coverage ? ` as of ${coverage.asOf}` : `, ${coverage.from} to ${coverage.to}`;
  return `${report.title}${covers} (${report.currency})`;
}

const fileName = (report: Report, extension: string) =>
  `${report.report}-${report.from}-${report.to}.${extension}`;

/**
 * A cell for the CSV: money as decimal major units (the currency is in the heading), percent as
 * "12.50%", dates and months as ISO ("2026-11-24", "2026-11") so spreadsheets read and sort them.
 */
function csvCell(value: ReportCell | undefined, type: ReportColumn['type']): string | number | null {
  if (value === null || value === undefined) return null;
  if (type === 'money') return decimal(Number(value));
  if (type === 'percent') return percent(Number(value));
  return value;
}

/** The rows that total the table, in order: the totals row when there is one, then the closing rows. */
const totalRows = (report: Report): ReportRow[] => [
  ...(report.totals ? [report.totals] : []),
  ...report.closingRows,
];

/** The table as CSV: a heading row, every row, then the totals rows. */
export function reportCsv(report: Report): FileReply {
  const columns = report.columns.map(({ key, label, type }) => ({
    key,
    header: type === 'money' ? `${label} (${report.currency})` : label,
  }));
  const rows = [...report.rows, ...totalRows(report)].map((row) =>
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
  if (type === 'month') return formatDocumentMonth(String(value));
  return String(value);
}

const isFigure = (type: ReportColumn['type']) => type === 'money' || type === 'count' || type === 'percent';

/** Names wrap; figures line up on the right and, like dates and months, never break. */
const cellStyle = (type: ReportColumn['type']) =>
  type === 'text' ? {} : { noWrap: true, ...(isFigure(type) && { alignment: 'right' as const }) };

/**
 * Names share the width left once the figures and dates have theirs; a table of figures alone
 * (income by month) shares the whole width evenly, so it lines up under the headline figures.
 */
function columnWidths(columns: ReportColumn[]): ('*' | 'auto')[] {
  const hasNames = columns.some(({ type }) => type === 'text');
  return columns.map(({ type }) => (type === 'text' || !hasNames ? '*' : 'auto'));
}

function tableRow(report: Report, row: ReportRow, style?: { bold: boolean; fillColor: string }): TableCell[] {
  return report.columns.map(({ key, type }) => ({
    text: pdfText(row[key], type, report.currency),
    ...style,
    ...cellStyle(type),
  }));
}

/**
 * The table: headings (repeated on every page), the rows, then the totals rows bold and shaded
 * under a rule in the text colour, as an accountant rules off a column before its total.
 */
export function reportTable(report: Report): ContentTable {
  const shaded = { bold: true, fillColor: COLOURS.shade };
  const empty: TableCell[] = [
    {
      text: 'Nothing to report for this period.',
      colSpan: report.columns.length,
      color: COLOURS.muted,
    },
    ...report.columns.slice(1).map(() => ({})),
  ];
  const rows = report.rows.length > 0 ? report.rows.map((row) => tableRow(report, row)) : [empty];
  const body: TableCell[][] = [
    report.columns.map(({ label, type }) => ({ text: label, ...shaded, ...cellStyle(type) })),
    ...rows,
    ...totalRows(report).map((row) => tableRow(report, row, shaded)),
  ];
  // The line above row i is line i: the first totals row comes after the headings and the rows.
  const ruleOff = 1 + rows.length;
  const hasTotals = body.length > ruleOff;
  return {
    table: {
      headerRows: 1,
      // No heading alone at the foot of a page, and no row split across two.
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: columnWidths(report.columns),
      body,
    },
    layout: {
      hLineWidth: (index, node) =>
        index === 0 || index === node.table.body.length ? 0 : hasTotals && index === ruleOff ? 1 : 0.5,
      vLineWidth: () => 0,
      hLineColor: (index) => (hasTotals && index === ruleOff ? COLOURS.text : COLOURS.rule),
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
  };
}

/** Title, period, headline figures and the table with its totals. */
function reportContent(report: Report): Content[] {
  return [
    { text: report.title, fontSize: 20, bold: true },
    { text: report.description, color: COLOURS.muted, margin: [0, 4, 0, 0] },
    {
      columns: [
        {
          text: `${coverageLine(report)} · Currency: ${report.currency}`,
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
    reportTable(report),
  ];
}

/**
 * The report as a PDF: letterhead, title, period and currency, headline figures, the table with
 * its totals row, page numbers; landscape when the columns need it. Owner statements append every
 * owner's full statement, each from a new page footed with whose it is (the bulk statement run).
 */
export async function reportPdf(ctx: Ctx, report: Report, statements: OwnerStatement[]): Promise<FileReply> {
  const company = await transact(ctx, (tx) => findLetterhead(tx, ctx.companyId));
  const body = await renderReportPdf(company, report, statements);
  return { body, contentType: 'application/pdf', filename: fileName(report, 'pdf') };
}

/** The PDF of `reportPdf` under a letterhead already read. */
export function renderReportPdf(
  company: DocumentCompany,
  report: Report,
  statements: OwnerStatement[] = [],
): Promise<Buffer> {
  const landscape = report.columns.length > PORTRAIT_MAX_COLUMNS;
  const lineWidth = landscape ? A4_CONTENT_WIDTH.landscape : A4_CONTENT_WIDTH.portrait;
  const generatedAt = new Date(report.generatedAt);
  return renderPdf({
    info: { title: report.title, author: company.name },
    pageOrientation: landscape ? 'landscape' : 'portrait',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 8.5 },
    footer: pageFooter(footerLabel(report)),
    content: [
      companyHeader(company, lineWidth),
      ...reportContent(report),
      ...statements.map((statement) =>
        statementSection({
          ...statement,
          totals: { moneyIn: statement.moneyIn, moneyOut: statement.moneyOut },
          generatedAt,
        }),
      ),
    ],
  });
}

import { describe, expect, it } from 'vitest';
import { Report, type ReportRow } from '@lintel/contracts';
import { readPdfText } from '../../lib/documents/read-pdf-text.ts';
import type { CustomTableLayout } from 'pdfmake/interfaces';
import { COLOURS } from '../../lib/documents/index.ts';
import { renderReportPdf, reportCsv, reportTable } from './documents.ts';

const company = {
  name: 'Harare Homes Realty',
  address: '12 Samora Machel Avenue, Harare',
  phone: '+263 24 270 1234',
  email: 'accounts@hararehomes.co.zw',
  registrationNumber: null,
  vatNumber: null,
  logo: null,
};

const reportOf = (report: Partial<Report> & Pick<Report, 'report' | 'title' | 'columns' | 'rows'>) =>
  Report.parse({
    description: 'What the report shows.',
    from: '2025-12-01',
    to: '2026-11-24',
    currency: 'USD',
    generatedAt: '2026-11-24T21:46:00.000Z',
    summary: [],
    totals: null,
    chart: null,
    ...report,
  });

// Long names take all the width they can get, which once squeezed the dates and figures.
const longName = (name: string) => `${name} of the Greater Borrowdale Brooke Estate, Harare North`;

const rentRoll = reportOf({
  report: 'rent-roll',
  title: 'Rent roll',
  columns: [
    { key: 'property', label: 'Property', type: 'text' },
    { key: 'tenant', label: 'Tenant', type: 'text' },
    { key: 'owner', label: 'Owner', type: 'text' },
    { key: 'agent', label: 'Agent', type: 'text' },
    { key: 'startDate', label: 'Start', type: 'date' },
    { key: 'endDate', label: 'End', type: 'date' },
    { key: 'rent', label: 'Monthly rent', type: 'money' },
    { key: 'depositHeld', label: 'Deposit held', type: 'money' },
    { key: 'arrears', label: 'Arrears', type: 'money' },
  ],
  rows: Array.from({ length: 3 }, (_, index): ReportRow => ({
    property: longName(`Apartment ${index + 1}`),
    tenant: longName('Anesu Makoni'),
    owner: longName('Nyasha Holdings (Pvt) Ltd'),
    agent: longName('Tendai Ncube'),
    startDate: '2026-04-14',
    endDate: '2027-04-13',
    rent: 175000,
    depositHeld: 125050,
    arrears: 403125,
  })),
});

const income = reportOf({
  report: 'income',
  title: 'Income by month',
  columns: [
    { key: 'month', label: 'Month', type: 'month' },
    { key: 'collected', label: 'Collected', type: 'money' },
  ],
  rows: [
    { month: '2025-12', collected: 1748000 },
    { month: '2026-01', collected: 1465000 },
  ],
  totals: { month: 'Total', collected: 3213000 },
});

const trust = reportOf({
  report: 'trust-reconciliation',
  title: 'Trust reconciliation',
  columns: [
    { key: 'item', label: 'Account', type: 'text' },
    { key: 'amount', label: 'Amount', type: 'money' },
  ],
  rows: [
    { key: 'trustBank', item: 'Trust bank account', amount: 211000 },
    { key: 'owners', item: 'Held for owners (property accounts)', amount: 200200 },
    { key: 'dueToAgency', item: 'Due to the agency (commission and VAT not yet transferred)', amount: 10800 },
  ],
  closingRows: [
    { key: 'totalHeld', item: 'Total held in trust', amount: 211000 },
    { key: 'difference', item: 'Difference', amount: 0 },
  ],
});

/** Each body row's first cell as pdfmake gets it, with the rule drawn above that row. */
function tableRows(report: Report) {
  const { table, layout } = reportTable(report);
  const { hLineWidth, hLineColor } = layout as CustomTableLayout;
  const node = { table } as Parameters<NonNullable<CustomTableLayout['hLineWidth']>>[1];
  return table.body.map((row, index) => {
    const first = row[0] as { text: string; bold?: boolean; fillColor?: string };
    const color = typeof hLineColor === 'function' ? hLineColor(index, node, 0) : hLineColor;
    return {
      text: first.text,
      bold: Boolean(first.bold),
      shaded: first.fillColor === COLOURS.shade,
      ruleAbove: { width: hLineWidth!(index, node), color },
    };
  });
}

describe('report documents', () => {
  it('sets a reconciliation’s total held and difference as totals: bold, shaded, ruled off from the accounts', async () => {
    const rows = tableRows(trust);
    const thin = { width: 0.5, color: COLOURS.rule };
    expect(rows.slice(1)).toEqual([
      { text: 'Trust bank account', bold: false, shaded: false, ruleAbove: thin },
      { text: 'Held for owners (property accounts)', bold: false, shaded: false, ruleAbove: thin },
      {
        text: 'Due to the agency (commission and VAT not yet transferred)',
        bold: false,
        shaded: false,
        ruleAbove: thin,
      },
      {
        text: 'Total held in trust',
        bold: true,
        shaded: true,
        ruleAbove: { width: 1, color: COLOURS.text },
      },
      { text: 'Difference', bold: true, shaded: true, ruleAbove: thin },
    ]);
    const { text } = await readPdfText(await renderReportPdf(company, trust));
    expect(text).toContain(
      'Due to the agency (commission and VAT not yet transferred) $108.00 Total held in trust $2,110.00 Difference $0.00',
    );
    expect(String(reportCsv(trust).body).split('\r\n').slice(-3)).toEqual([
      'Total held in trust,2110.00',
      'Difference,0.00',
      '',
    ]);
  });

  it('sets every report’s totals row the same way', () => {
    expect(tableRows(income).slice(1)).toEqual([
      { text: 'Dec 2025', bold: false, shaded: false, ruleAbove: { width: 0.5, color: COLOURS.rule } },
      { text: 'Jan 2026', bold: false, shaded: false, ruleAbove: { width: 0.5, color: COLOURS.rule } },
      { text: 'Total', bold: true, shaded: true, ruleAbove: { width: 1, color: COLOURS.text } },
    ]);
  });

  it('never wraps dates, figures or their headings, however long the names beside them', async () => {
    const { lines } = await readPdfText(await renderReportPdf(company, rentRoll));
    expect(lines).toContain('Property Tenant Owner Agent Start End Monthly rent Deposit held Arrears');
    const rows = lines.filter((line) =>
      line.includes('14 Apr 2026 13 Apr 2027 $1,750.00 $1,250.50 $4,031.25'),
    );
    expect(rows).toHaveLength(3);
  });

  it('says what it covers in the footer: a day for a point in time, a period otherwise', async () => {
    expect((await readPdfText(await renderReportPdf(company, rentRoll))).text).toContain(
      'Rent roll as of 24 Nov 2026 (USD) Page 1 of 1',
    );
    expect((await readPdfText(await renderReportPdf(company, income))).text).toContain(
      'Income by month, 1 Dec 2025 to 24 Nov 2026 (USD) Page 1 of 1',
    );
  });

  it('shows months as "Dec 2025" in the PDF and keeps "2025-12" in the CSV for spreadsheets', async () => {
    const { text } = await readPdfText(await renderReportPdf(company, income));
    expect(text).toContain('Month Collected Dec 2025 $17,480.00 Jan 2026 $14,650.00 Total $32,130.00');
    expect(String(reportCsv(income).body).split('\r\n')).toEqual([
      'Month,Collected (USD)',
      '2025-12,17480.00',
      '2026-01,14650.00',
      'Total,32130.00',
      '',
    ]);
  });
});

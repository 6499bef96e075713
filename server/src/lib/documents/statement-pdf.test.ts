import { describe, expect, it } from 'vitest';
import { readPdfText } from './read-pdf-text.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import type { StatementDocument, StatementLine } from './types.ts';

const company = {
  name: 'Harare Homes Realty',
  address: '12 Samora Machel Avenue, Harare',
  phone: '+263 24 270 1234',
  email: 'accounts@hararehomes.co.zw',
  registrationNumber: null,
  vatNumber: null,
  logo: null,
};

/** A statement whose running balances and totals follow from its lines. */
function statementOf(
  entries: Array<Omit<StatementLine, 'balance'>>,
  openingBalance: number,
): StatementDocument {
  let balance = openingBalance;
  const lines = entries.map((entry) => ({ ...entry, balance: (balance += entry.amount) }));
  return {
    company,
    title: 'Property statement',
    subject: 'Borrowdale Cottage',
    subjectDetail: '7 Kings Road, Borrowdale',
    from: '2026-11-01',
    to: '2026-11-30',
    currency: 'USD',
    openingBalance,
    closingBalance: balance,
    lines,
    totals: {
      moneyIn: entries.filter((e) => e.amount > 0).reduce((sum, e) => sum + e.amount, 0),
      moneyOut: entries.filter((e) => e.amount < 0).reduce((sum, e) => sum - e.amount, 0),
    },
    generatedAt: new Date('2026-11-23T10:00:00Z'),
  };
}

describe('renderStatementPdf', () => {
  it('lists the opening balance, every line and the closing balance', async () => {
    const statement = statementOf(
      [
        {
          date: '2026-11-01',
          description: 'Rent received November',
          reference: 'RCT-000124',
          amount: 120000,
        },
        { date: '2026-11-02', description: 'Agency commission', reference: null, amount: -13800 },
        { date: '2026-11-20', description: 'Plumbing repair', reference: 'INV-77', amount: -4550 },
      ],
      25000,
    );
    const { text, pages } = await readPdfText(await renderStatementPdf(statement));
    expect(pages).toBe(1);
    expect(text).toContain('Harare Homes Realty');
    expect(text).toContain('Property statement');
    expect(text).toContain('Borrowdale Cottage');
    expect(text).toContain('1 Nov 2026 to 30 Nov 2026');
    expect(text).toMatch(/Opening balance.*\$250\.00/);
    expect(text).toMatch(/Closing balance.*\$1,266\.50/);
    for (const line of statement.lines) expect(text).toContain(line.description);
    expect(text).toContain('$138.00');
    expect(text).toContain('Page 1 of 1');
  });

  it('renders 5,000 lines over many pages with numbered footers', async () => {
    const entries = Array.from({ length: 5000 }, (_, index) => ({
      date: '2026-11-15',
      description: `Line ${index + 1}: ${index % 2 ? 'Agency commission' : 'Rent received'}`,
      reference: `REF-${index + 1}`,
      amount: index % 2 ? -1380 : 12000,
    }));
    const started = performance.now();
    const pdf = await renderStatementPdf(statementOf(entries, 0));
    const renderMs = performance.now() - started;
    const lastPage = await readPdfText(pdf, { last: 1 });
    expect(lastPage.pages).toBeGreaterThan(50);
    expect(lastPage.text).toContain('Line 5000: Agency commission');
    expect(lastPage.text).toContain('Closing balance');
    expect(lastPage.text).toContain(`Page ${lastPage.pages} of ${lastPage.pages}`);
    expect(lastPage.text).toContain('Money in');
    expect(renderMs).toBeLessThan(20_000);
  });
});

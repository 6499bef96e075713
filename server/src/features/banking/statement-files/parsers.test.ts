import { describe, expect, it } from 'vitest';
import { BANK_CSV_MAPPING, statementFixture } from '../../../test/statement-fixtures.ts';
import { checkStatement, formatFigure } from '../import-service.ts';
import { parseCamt053 } from './camt053.ts';
import { parseBankDate, parseCents } from './common.ts';
import { csvHeaders, MappingMismatch, parseCsvStatement } from './csv.ts';
import { detectFormat } from './detect.ts';
import { parseOfxStatement } from './ofx.ts';

const fixture = statementFixture;

const account = { currency: 'USD' };
const noGiven = { lastBalance: null };

describe('amounts and dates', () => {
  it('reads decimal text to cents exactly, never through floating point', () => {
    expect(parseCents('1,234.56')).toBe(123456);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('-15.5')).toBe(-1550);
    expect(parseCents('(40.00)')).toBe(-4000);
    expect(parseCents('12.00-')).toBe(-1200);
    expect(parseCents('+3')).toBe(300);
    expect(parseCents('1.234,56', true)).toBe(123456);
    expect(parseCents('-15,50', true)).toBe(-1550);
    expect(parseCents('90071992547409.91')).toBe(9007199254740991);
    for (const bad of ['', '1.234', '12.345', 'abc', '9O0.00', '1..2', '--1'])
      expect(parseCents(bad)).toBeNull();
  });

  it('reads each bank date layout and refuses dates that do not exist', () => {
    expect(parseBankDate('02/11/2026', 'DD/MM/YYYY')).toBe('2026-11-02');
    expect(parseBankDate('11/02/2026', 'MM/DD/YYYY')).toBe('2026-11-02');
    expect(parseBankDate('2.11.2026', 'DD.MM.YYYY')).toBe('2026-11-02');
    expect(parseBankDate('2026/11/02', 'YYYY/MM/DD')).toBe('2026-11-02');
    expect(parseBankDate('29/02/2028', 'DD/MM/YYYY')).toBe('2028-02-29');
    expect(parseBankDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseBankDate('2026-11-02', 'DD/MM/YYYY')).toBeNull();
    expect(parseBankDate('02/11/26', 'DD/MM/YYYY')).toBeNull();
  });

  it('writes figures for messages with thousands separators', () => {
    expect(formatFigure(123400)).toBe('1,234.00');
    expect(formatFigure(-1550)).toBe('-15.50');
    expect(formatFigure(5)).toBe('0.05');
  });
});

describe('CSV statements', () => {
  it('finds the header under the bank’s preamble and reads debit/credit columns with balances', () => {
    const data = fixture('statement.csv');
    expect(csvHeaders(data)).toEqual([
      'Date',
      'Description',
      'Reference',
      'Money out',
      'Money in',
      'Balance',
    ]);
    const parsed = parseCsvStatement(data, BANK_CSV_MAPPING);
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines).toEqual([
      {
        line: 5,
        date: '2026-11-02',
        description: 'Transfer from MOYO, J',
        reference: 'RCT-000001',
        counterparty: null,
        amount: 120000,
        balance: 220000,
        bankTransactionId: null,
      },
      expect.objectContaining({
        line: 6,
        date: '2026-11-03',
        amount: -1550,
        balance: 218450,
        reference: null,
      }),
      expect.objectContaining({ line: 7, date: '2026-11-05', amount: -90000, balance: 128450 }),
      expect.objectContaining({ line: 8, date: '2026-11-10', amount: 75025, balance: 203475 }),
    ]);
    const { report } = checkStatement(parsed, account, noGiven);
    expect(report).toMatchObject({ openingBalance: 100000, closingBalance: 203475, problems: [] });
    expect(report).toMatchObject({ fromDate: '2026-11-02', toDate: '2026-11-10', currency: 'USD' });
  });

  it('reads one signed amount column, semicolons and decimal commas; the opening is the one given', () => {
    const parsed = parseCsvStatement(fixture('statement-amount.csv'), {
      date: 'Booking date',
      description: 'Text',
      counterparty: 'Payer',
      amount: 'Amount',
      dateFormat: 'YYYY-MM-DD',
      decimalComma: true,
    });
    expect(parsed.lines.map((line) => [line.line, line.amount, line.counterparty, line.balance])).toEqual([
      [2, 120000, 'J Moyo', null],
      [3, -1550, null, null],
      [4, -90000, 'Alice Owner', null],
    ]);
    const { report, lines } = checkStatement(parsed, account, { openingBalance: 5000, lastBalance: 99 });
    expect(report).toMatchObject({ openingBalance: 5000, closingBalance: 33450, problems: [] });
    expect(lines.map((line) => line.balance)).toEqual([125000, 123450, 33450]);
    // Without one given, the account's last known balance; without that, 0.
    expect(checkStatement(parsed, account, { lastBalance: 99 }).report.openingBalance).toBe(99);
    expect(checkStatement(parsed, account, noGiven).report.openingBalance).toBe(0);
  });

  it('reports the first line whose balance does not follow, and only that one', () => {
    const { report } = checkStatement(
      parseCsvStatement(fixture('statement-break.csv'), BANK_CSV_MAPPING),
      account,
      noGiven,
    );
    expect(report.problems).toEqual([
      {
        line: 4,
        message: 'Line 4: the balance 1,300.00 does not follow from the line before (expected 1,284.50).',
      },
    ]);
  });

  it('reports unreadable dates and amounts by line', () => {
    const parsed = parseCsvStatement(fixture('statement-bad-date.csv'), BANK_CSV_MAPPING);
    expect(parsed.problems).toEqual([
      { line: 3, message: 'Line 3: the date “31/02/2026” is not a date in the form DD/MM/YYYY.' },
      { line: 4, message: 'Line 4: the debit “9O0.00” is not an amount.' },
    ]);
    expect(parsed.lines.map((line) => line.line)).toEqual([2]);
  });

  it('turns a newest-first file around so balances carry from the oldest line', () => {
    const text = fixture('statement-break.csv').toString().split('\n');
    const reversed = Buffer.from(
      [text[0], ...fixture('statement.csv').toString().trim().split('\n').slice(4).reverse()].join('\n'),
    );
    const { report, lines } = checkStatement(parseCsvStatement(reversed, BANK_CSV_MAPPING), account, noGiven);
    expect(report.problems).toEqual([]);
    expect(lines.map((line) => line.date)).toEqual(['2026-11-02', '2026-11-03', '2026-11-05', '2026-11-10']);
  });

  it('says which mapped column the file lacks', () => {
    expect(() => parseCsvStatement(fixture('statement-amount.csv'), BANK_CSV_MAPPING)).toThrow(
      MappingMismatch,
    );
  });
});

describe('OFX statements', () => {
  it('reads SGML OFX 1.x: FITIDs, names and memos, LEDGERBAL as the closing', () => {
    const parsed = parseOfxStatement(fixture('statement.ofx'));
    expect(parsed).toMatchObject({ format: 'ofx', currency: 'USD', closing: 128450, problems: [] });
    expect(parsed.lines).toEqual([
      {
        line: 1,
        date: '2026-11-02',
        description: 'J MOYO — RCT-000001 rent November',
        reference: null,
        counterparty: 'J MOYO',
        amount: 120000,
        balance: null,
        bankTransactionId: '202611020001',
      },
      expect.objectContaining({
        line: 2,
        date: '2026-11-03',
        amount: -1550,
        bankTransactionId: '202611030001',
      }),
      expect.objectContaining({
        line: 3,
        amount: -90000,
        reference: 'PO-000001',
        counterparty: 'ALICE OWNER',
      }),
    ]);
    const { report, lines } = checkStatement(parsed, account, noGiven);
    expect(report).toMatchObject({ openingBalance: 100000, closingBalance: 128450, problems: [] });
    expect(lines.map((line) => line.balance)).toEqual([220000, 218450, 128450]);
  });

  it('reads XML OFX 2 (QFX) the same way, entities decoded', () => {
    const parsed = parseOfxStatement(fixture('statement-v2.qfx'));
    expect(parsed).toMatchObject({ currency: 'USD', closing: 203475, problems: [] });
    expect(parsed.lines).toHaveLength(4);
    expect(parsed.lines[3]).toMatchObject({
      counterparty: 'T NCUBE & SONS',
      amount: 75025,
      bankTransactionId: '202611100001',
    });
    expect(checkStatement(parsed, account, noGiven).report.openingBalance).toBe(100000);
  });

  it('refuses an OFX file with no transactions, and text that is not OFX', () => {
    expect(() => parseOfxStatement(fixture('statement-empty.ofx'))).toThrow(/no transactions/);
    expect(() => parseOfxStatement(Buffer.from('hello'))).toThrow(/not an OFX statement/);
  });

  it('gives the line and column of broken OFX 2 XML', () => {
    const broken = fixture('statement-v2.qfx').toString().replace('</TRNAMT>', '</TRNAMNT>');
    expect(() => parseOfxStatement(Buffer.from(broken))).toThrow(/line \d+, column \d+/);
  });

  it('flags a statement in another currency', () => {
    const { report } = checkStatement(
      parseOfxStatement(fixture('statement.ofx')),
      { currency: 'ZWG' },
      noGiven,
    );
    expect(report.problems).toEqual([
      {
        line: 0,
        message:
          'The statement is in USD, but this bank account is in ZWG. Import it into the USD bank account.',
      },
    ]);
  });
});

describe('camt.053 statements', () => {
  it('reads entries, references, parties and the OPBD/CLBD balances', () => {
    const parsed = parseCamt053(fixture('camt053.xml'));
    expect(parsed).toMatchObject({
      format: 'camt053',
      currency: 'USD',
      opening: 100000,
      closing: 128450,
      problems: [],
    });
    expect(parsed.lines).toEqual([
      {
        line: 1,
        date: '2026-11-02',
        description: 'Rent November 12 Acacia Road',
        reference: 'RCT-000001',
        counterparty: 'Joseph Moyo',
        amount: 120000,
        balance: null,
        bankTransactionId: 'BNK20261102-0001',
      },
      {
        line: 2,
        date: '2026-11-03',
        description: 'Monthly account fee',
        reference: null,
        counterparty: null,
        amount: -1550,
        balance: null,
        bankTransactionId: 'BNK20261103-0001',
      },
      expect.objectContaining({
        line: 3,
        amount: -90000,
        reference: 'PO-000001',
        counterparty: 'Alice Owner',
      }),
    ]);
    expect(checkStatement(parsed, account, noGiven).report.problems).toEqual([]);
  });

  it('refuses a closing balance that does not follow from the opening and the entries', () => {
    const text = fixture('camt053.xml').toString().replace('1284.50', '1294.50');
    const { report } = checkStatement(parseCamt053(Buffer.from(text)), account, noGiven);
    expect(report.problems).toEqual([
      {
        line: 0,
        message:
          'The closing balance 1,294.50 does not follow from the opening balance 1,000.00 and the lines (expected 1,284.50).',
      },
    ]);
  });

  it('says where truncated XML breaks', () => {
    expect(() => parseCamt053(fixture('camt053-truncated.xml'))).toThrow(
      'The camt.053 file could not be read: it ends (line 96, column 3) before its elements are closed. It may have been cut short: download it again.',
    );
    const misnested = fixture('camt053.xml').toString().replace('</Ustrd>', '</Ustr>');
    expect(() => parseCamt053(Buffer.from(misnested))).toThrow(
      /closing tag 'Ustr' \(line 94, column \d+\)\.$/,
    );
  });

  it('refuses XML that is not a camt.053 statement', () => {
    expect(() => parseCamt053(Buffer.from('<?xml version="1.0"?><Document><Other/></Document>'))).toThrow(
      /not an ISO 20022 camt.053 statement/,
    );
  });
});

describe('format detection', () => {
  it('knows each format by its first bytes, else by its name', () => {
    expect(detectFormat('x.txt', fixture('statement.ofx'))).toBe('ofx');
    expect(detectFormat('x', fixture('statement-v2.qfx'))).toBe('ofx');
    expect(detectFormat('x', fixture('camt053.xml'))).toBe('camt053');
    expect(detectFormat('statement.csv', fixture('statement.csv'))).toBe('csv');
    expect(detectFormat('statement.qfx', Buffer.from('junk'))).toBe('ofx');
    expect(detectFormat('statement.xml', Buffer.from('junk'))).toBe('camt053');
  });
});

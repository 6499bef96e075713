import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

const columns = [
  { key: 'date', header: 'Date' },
  { key: 'description', header: 'Description' },
  { key: 'amount', header: 'Amount' },
];

describe('toCsv', () => {
  it('writes a header row and CRLF line endings', () => {
    expect(toCsv(columns, [{ date: '2026-11-01', description: 'Rent', amount: 1250 }])).toBe(
      'Date,Description,Amount\r\n2026-11-01,Rent,1250\r\n',
    );
  });

  it('quotes commas, quotes and newlines inside values', () => {
    const csv = toCsv(columns, [
      { date: '2026-11-01', description: 'Rent, "November"\nflat 2', amount: null },
    ]);
    expect(csv).toBe('Date,Description,Amount\r\n2026-11-01,"Rent, ""November""\nflat 2",\r\n');
  });

  it('writes only the named columns, in their order, with missing values empty', () => {
    expect(toCsv([columns[2]!, columns[0]!], [{ date: '2026-11-01', extra: 'secret' }])).toBe(
      'Amount,Date\r\n,2026-11-01\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('guards text that a spreadsheet would run: %j', (value, cell) => {
    expect(toCsv([columns[1]!], [{ description: value }])).toBe(`Description\r\n${cell}\r\n`);
  });

  it('leaves numbers and plain numeric text alone', () => {
    const csv = toCsv(
      [
        { key: 'asNumber', header: 'N' },
        { key: 'asText', header: 'T' },
      ],
      [{ asNumber: -1250, asText: '-1250.00' }],
    );
    expect(csv).toBe('N,T\r\n-1250,-1250.00\r\n');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '@lintel/contracts';
import { toCsv } from '../../lib/documents/index.ts';
import { AppError } from '../../lib/errors.ts';
import { readCsv } from './read-csv.ts';

const read = (text: string | Buffer) => readCsv('tenants', Buffer.isBuffer(text) ? text : Buffer.from(text));

function failure(text: string | Buffer): AppError {
  try {
    read(text);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('reading an import CSV', () => {
  it('reads a byte order mark, CRLF line ends and trailing empty lines', () => {
    const rows = read('\uFEFFname,email\r\nAda Lovelace,ada@example.com\r\nAlan Turing,\r\n\r\n\r\n');
    expect(rows).toEqual([
      { row: 2, cells: { name: 'Ada Lovelace', email: 'ada@example.com' }, extra: [] },
      { row: 3, cells: { name: 'Alan Turing', email: '' }, extra: [] },
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted values', () => {
    const rows = read('name,notes\n"Moyo, Grace","Said ""call first""\nthen, later, came"\nNext,x\n');
    expect(rows[0]!.cells).toEqual({ name: 'Moyo, Grace', notes: 'Said "call first"\nthen, later, came' });
    // A value over two lines is still one spreadsheet row: the next record is row 3.
    expect(rows[1]!.row).toBe(3);
  });

  it('skips blank lines in the middle but keeps counting them, as a spreadsheet numbers rows', () => {
    const rows = read('name\nFirst\n\n , \nSecond\n');
    expect(rows.map((row) => [row.row, row.cells.name])).toEqual([
      [2, 'First'],
      [5, 'Second'],
    ]);
  });

  it('takes headings in any case and spacing, in any order, and semicolon-separated files', () => {
    const rows = read('Email; NAME ;ID-Number\nbo@example.com;Bo;X1\n');
    expect(rows[0]!.cells).toEqual({ email: 'bo@example.com', name: 'Bo', id_number: 'X1' });
  });

  it('reads back what the export wrote, without the apostrophe that guards formulas', () => {
    const csv = toCsv(
      [
        { key: 'name', header: 'name' },
        { key: 'phone', header: 'phone' },
      ],
      [{ name: '=Not a formula', phone: '+263 77 123 4567' }],
    );
    expect(read(csv)[0]!.cells).toEqual({ name: '=Not a formula', phone: '+263 77 123 4567' });
  });

  it('reports values beyond the header row', () => {
    expect(read('name,email\nAda,a@example.com,surplus\n')[0]!.extra).toEqual(['surplus']);
  });

  it.each([
    ['an empty file', '', 400, 'EMPTY_FILE'],
    ['only a byte order mark and blank lines', '\uFEFF\r\n\r\n', 400, 'EMPTY_FILE'],
    ['only separators', ',,,\r\n , ,\r\n', 400, 'EMPTY_FILE'],
    [
      'binary bytes',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]),
      400,
      'NOT_CSV',
    ],
    ['a NUL character', 'name\nA\u0000B\n', 400, 'NOT_CSV'],
    ['an unclosed quote', 'name,notes\nAda,"never closed\n', 400, 'CSV_UNREADABLE'],
    ['an unknown column', 'name,favourite_colour\nAda,blue\n', 400, 'BAD_HEADER'],
    ['a missing required column', 'email\nada@example.com\n', 400, 'BAD_HEADER'],
    ['a column twice', 'name,email,Email\nAda,a,b\n', 400, 'BAD_HEADER'],
    ['an unnamed column', 'name,,email\nAda,,a\n', 400, 'BAD_HEADER'],
  ])('refuses %s', (_, text, status, code) => {
    const error = failure(text);
    expect({ status: error.statusCode, code: error.code }).toEqual({ status, code });
  });

  it('lists the expected columns when the header is wrong', () => {
    expect(failure('name,favourite_colour\nAda,blue\n').message).toBe(
      'Unknown column: favourite_colour. The columns are: name, email, phone, id_number, notes.',
    );
    expect(failure('email\nada@example.com\n').message).toBe(
      'Missing column: name. The columns are: name, email, phone, id_number, notes.',
    );
  });

  it('says where an unreadable file breaks', () => {
    expect(failure('name,notes\nAda,ok\nBo,"never closed\n').message).toBe(
      'The file could not be read near line 3: a quoted value is never closed.',
    );
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows with 422`, () => {
    const text = `name\n${'Someone\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    const error = failure(text);
    expect({ status: error.statusCode, code: error.code }).toEqual({ status: 422, code: 'TOO_MANY_ROWS' });
    expect(read(`name\n${'Someone\n'.repeat(IMPORT_MAX_ROWS)}`)).toHaveLength(IMPORT_MAX_ROWS);
  });

  it('names at most five unknown columns, each shortened', () => {
    const headings = Array.from({ length: 8 }, (_, index) => `column_${index}_${'x'.repeat(50)}`);
    expect(failure(`${headings.join(',')}\n`).message).toBe(
      `Unknown columns: ${headings
        .slice(0, 5)
        .map((heading) => `${heading.slice(0, 40)}…`)
        .join(', ')} and 3 more. The columns are: name, email, phone, id_number, notes.`,
    );
  });

  it('answers any bytes with rows or a refusal it explains, never a crash', () => {
    const refusedOrRead = (data: Buffer) => {
      try {
        return Array.isArray(read(data));
      } catch (error) {
        return error instanceof AppError && error.statusCode < 500;
      }
    };
    fc.assert(fc.property(fc.uint8Array({ maxLength: 500 }), (bytes) => refusedOrRead(Buffer.from(bytes))));
    const csvText = fc
      .array(fc.constantFrom('name', 'email', ',', ';', '"', '\r', '\n', ' ', 'a', '\uFEFF', "'", '='), {
        maxLength: 60,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(csvText, (text) => refusedOrRead(Buffer.from(text))),
      { numRuns: 500 },
    );
  });
});

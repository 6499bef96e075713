import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CsvStatementMapping } from '@lintel/contracts';

/** A statement file under test/fixtures (issue 17's import tests). */
export const statementFixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** The column mapping of fixtures/statement.csv: a bank's debit/credit layout with balances. */
export const BANK_CSV_MAPPING: CsvStatementMapping = {
  date: 'Date',
  description: 'Description',
  reference: 'Reference',
  debit: 'Money out',
  credit: 'Money in',
  balance: 'Balance',
  dateFormat: 'DD/MM/YYYY',
  decimalComma: false,
};

/** A multipart body as the import form sends it: the file, then the CSV mapping when given. */
export function statementBody(fileName: string, data: Buffer, mapping?: CsvStatementMapping | string) {
  const boundary = `----lintel${randomUUID()}`;
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
    // After the file, as some browsers order it: the server reads the fields in any order.
    ...(mapping === undefined
      ? []
      : [field('mapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping))]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

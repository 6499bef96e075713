import type { BankFileFormat } from '@lintel/contracts';

/**
 * A statement file's format from its first bytes, else its name: an OFX header or `<OFX>` is
 * OFX (whatever the extension: QFX is OFX), a `BkToCstmrStmt` document is camt.053, other XML
 * by name; everything else is read as CSV.
 */
export function detectFormat(fileName: string, data: Buffer): BankFileFormat {
  const head = data
    .subarray(0, 4096)
    .toString('latin1')
    .replace(/^\uFEFF|^ï»¿/, '');
  if (/^\s*OFXHEADER/.test(head) || head.includes('<OFX>') || head.includes('<?OFX')) return 'ofx';
  if (head.includes('BkToCstmrStmt') || head.includes('camt.053')) return 'camt053';
  const extension = fileName.toLowerCase().split('.').at(-1) ?? '';
  if (extension === 'ofx' || extension === 'qfx') return 'ofx';
  if (extension === 'xml' || /^\s*</.test(head)) return 'camt053';
  return 'csv';
}

import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import type { Download } from 'playwright-core';

/** A downloaded file's bytes. */
export const downloadedBytes = async (download: Download): Promise<Buffer> =>
  readFileSync(await download.path());

/** A downloaded PDF's text, white space folded; throws unless the file is a PDF that parses. */
export async function pdfText(download: Download): Promise<string> {
  const file = await downloadedBytes(download);
  if (file.subarray(0, 5).toString() !== '%PDF-')
    throw new Error(`${download.suggestedFilename()} is no PDF`);
  const parser = new PDFParse({ data: file });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

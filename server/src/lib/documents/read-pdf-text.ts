import { type ParseParameters, PDFParse } from 'pdf-parse';

const collapse = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Test helper: a PDF's text with runs of whitespace collapsed to one space, so assertions do not
 * depend on how the layout split lines; its lines as laid out (each collapsed the same way), to
 * tell what shares a line; and its page count.
 */
export async function readPdfText(pdf: Buffer, params?: ParseParameters) {
  const parser = new PDFParse({ data: pdf });
  try {
    const result = await parser.getText(params);
    return {
      text: collapse(result.text),
      lines: result.text.split('\n').map((line) => collapse(line).trim()),
      pages: result.total,
    };
  } finally {
    await parser.destroy();
  }
}

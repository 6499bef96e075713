import { type ParseParameters, PDFParse } from 'pdf-parse';

/**
 * Test helper: a PDF's text with runs of whitespace collapsed to one space, so assertions do not
 * depend on how the layout split lines, and its page count.
 */
export async function readPdfText(pdf: Buffer, params?: ParseParameters) {
  const parser = new PDFParse({ data: pdf });
  try {
    const result = await parser.getText(params);
    return { text: result.text.replace(/\s+/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

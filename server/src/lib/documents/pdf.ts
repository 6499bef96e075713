import type { Column, Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import pdfmake from 'pdfmake';
import { formatCalendarDate } from '@lintel/contracts';
import type { DocumentCompany } from './types.ts';

// The PDF standard 14 fonts are built into every reader, so no font files ship with the server.
const STANDARD_FONTS = {
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
};
const STANDARD_FONT_NAMES = new Set(Object.values(STANDARD_FONTS.Helvetica));

pdfmake.setFonts(STANDARD_FONTS);
// Documents embed only data URLs: no network fetches, and no local file but the built-in fonts.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => STANDARD_FONT_NAMES.has(path));

export const COLOURS = {
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  shade: '#f0f4f8',
  alert: '#b42318',
};

/** Renders a pdfmake document in Helvetica, 10 pt unless the definition says otherwise. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake
    .createPdf({
      pageSize: 'A4',
      ...definition,
      defaultStyle: { font: 'Helvetica', fontSize: 10, color: COLOURS.text, ...definition.defaultStyle },
    })
    .getBuffer();
}

const IMAGE_SIGNATURES = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};
const IMAGE_DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * The logo when it is a PNG or JPEG data URL whose bytes really are that image; anything else
 * (a web address, SVG, a broken upload) is skipped, so a bad logo never stops a receipt.
 */
function usableLogo(logo: string | null): string | null {
  const match = logo ? IMAGE_DATA_URL.exec(logo.trim()) : null;
  if (!match) return null;
  const [, kind, base64] = match;
  const signature = IMAGE_SIGNATURES[kind as keyof typeof IMAGE_SIGNATURES];
  const head = Buffer.from((base64 ?? '').slice(0, 16), 'base64');
  return signature.every((byte, index) => head[index] === byte)
    ? `data:image/${kind};base64,${base64}`
    : null;
}

// Documents write dates and months exactly as the screens do (contracts/src/calendar.ts).
export {
  formatCalendarDate as formatDocumentDate,
  formatCalendarMonth as formatDocumentMonth,
} from '@lintel/contracts';

/** A moment as "23 Nov 2026, 14:05 UTC": the server does not know the reader's time zone. */
export function formatDocumentTimestamp(moment: Date): string {
  const iso = moment.toISOString();
  return `${formatCalendarDate(iso.slice(0, 10))}, ${iso.slice(11, 16)} UTC`;
}

/** The width of A4 inside renderPdf's default 40 pt margins, in points. */
export const A4_CONTENT_WIDTH = { portrait: 515, landscape: 762 } as const;

/** The agency's letterhead, shared by receipts and statements. */
export function companyHeader(
  company: DocumentCompany,
  lineWidth: number = A4_CONTENT_WIDTH.portrait,
): Content {
  const logo = usableLogo(company.logo);
  const registration = [
    company.registrationNumber ? `Reg. no. ${company.registrationNumber}` : null,
    company.vatNumber ? `VAT no. ${company.vatNumber}` : null,
  ].filter((line) => line !== null);
  const columns: Column[] = [
    {
      width: '*',
      stack: [
        { text: company.name, bold: true, fontSize: 16 },
        { text: company.address, color: COLOURS.muted, margin: [0, 3, 0, 0] },
      ],
    },
    {
      width: 'auto',
      alignment: 'right',
      color: COLOURS.muted,
      fontSize: 9,
      stack: [company.phone, company.email, ...registration],
    },
  ];
  if (logo) columns.unshift({ width: 'auto', stack: [{ image: logo, fit: [110, 55] }] });
  return {
    stack: [
      { columnGap: 16, columns },
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: lineWidth, y2: 0, lineWidth: 1, lineColor: COLOURS.rule }],
        margin: [0, 10, 0, 0],
      },
    ],
    margin: [0, 0, 0, 16],
  };
}

/** "Page 3 of 12" beside what the document is, in the bottom margin of every page. */
export const pageFooter =
  (label: string) =>
  (currentPage: number, pageCount: number): Content => ({
    columns: [
      { text: label, width: '*' },
      { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', width: 'auto' },
    ],
    color: COLOURS.muted,
    fontSize: 8,
    margin: [40, 16, 40, 0],
  });

/** Headline figures in shaded boxes side by side: a label over each bold figure. */
export function figureBoxes(figures: [label: string, figure: string][]): Content {
  return {
    table: {
      widths: figures.map(() => '*'),
      body: [
        figures.map(([label, figure]) => ({
          stack: [
            { text: label, color: COLOURS.muted, fontSize: 8 },
            { text: figure, bold: true, fontSize: 11, margin: [0, 2, 0, 0] },
          ],
          fillColor: COLOURS.shade,
          margin: [8, 6, 8, 6],
        })),
      ],
    },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: (column) => (column > 0 && column < figures.length ? 2 : 0),
      vLineColor: () => 'white',
    },
    margin: [0, 0, 0, 14],
  };
}

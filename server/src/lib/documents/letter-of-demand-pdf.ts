import { formatMoney } from '@lintel/contracts';
import { amountInWords } from './amount-in-words.ts';
import { companyHeader, figureBoxes, formatDocumentDate, formatDocumentMonth, renderPdf } from './pdf.ts';
import type { DocumentCompany } from './types.ts';

export interface LetterOfDemandDocument {
  company: DocumentCompany;
  tenantName: string;
  propertyName: string;
  propertyAddress: string;
  /** YYYY-MM: the month the rent was for. */
  period: string;
  /** YYYY-MM-DD */
  dueDate: string;
  /** The charge's arrears when the letter was made, in minor units. */
  arrears: number;
  currency: string;
  /** YYYY-MM-DD: the day the letter was made. */
  date: string;
}

/** The arrears policy's last letter: a formal demand for one month's unpaid rent. */
export async function renderLetterOfDemandPdf(letter: LetterOfDemandDocument): Promise<Buffer> {
  const amount = formatMoney(letter.arrears, letter.currency);
  return renderPdf({
    info: { title: `Letter of demand — ${letter.tenantName}`, author: letter.company.name },
    content: [
      companyHeader(letter.company),
      { text: formatDocumentDate(letter.date), margin: [0, 0, 0, 12] },
      { text: letter.tenantName, bold: true },
      { text: `${letter.propertyName}\n${letter.propertyAddress}`, margin: [0, 0, 0, 20] },
      { text: 'LETTER OF DEMAND', fontSize: 20, bold: true, characterSpacing: 2, margin: [0, 0, 0, 16] },
      figureBoxes([
        ['Rent for', formatDocumentMonth(letter.period)],
        ['Due on', formatDocumentDate(letter.dueDate)],
        ['Amount in arrears', amount],
      ]),
      {
        text: [
          `The rent for ${letter.propertyName} for ${formatDocumentMonth(letter.period)} was due on `,
          `${formatDocumentDate(letter.dueDate)}. Despite our reminders, ${amount} `,
          `(${amountInWords(letter.arrears, letter.currency)}) remains unpaid.`,
        ].join(''),
        margin: [0, 0, 0, 10],
      },
      {
        text: `${letter.company.name} hereby demands payment of ${amount} in full. If it is not paid, we may take further steps under the lease without further notice.`,
        margin: [0, 0, 0, 10],
      },
      { text: 'If you have paid since this letter was made, please disregard it.', margin: [0, 0, 0, 24] },
      { text: 'Yours faithfully,' },
      { text: letter.company.name, bold: true, margin: [0, 4, 0, 0] },
    ],
  });
}

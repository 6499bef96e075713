import { formatMoney } from '@lintel/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { amountInWords } from './amount-in-words.ts';
import { COLOURS, companyHeader, formatDocumentDate, formatDocumentTimestamp, renderPdf } from './pdf.ts';
import type { PaymentMethod, ReceiptDocument } from './types.ts';

const METHOD_NAMES: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  mobile_money: 'Mobile money',
  card: 'Card',
  cheque: 'Cheque',
};

const TYPE_NAMES: Record<ReceiptDocument['type'], string> = {
  rent: 'Rent',
  deposit: 'Deposit',
  other: 'Other',
};

const methodName = (method: string) => METHOD_NAMES[method as PaymentMethod] ?? method;

function reversedBanner(reason: string | null): Content {
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: 'REVERSED', bold: true, fontSize: 16 },
              { text: reason ? `Reason: ${reason}` : 'This payment was reversed.', margin: [0, 2, 0, 0] },
              { text: 'This receipt is no longer valid as proof of payment.', fontSize: 9 },
            ],
            color: 'white',
            fillColor: COLOURS.alert,
            margin: [10, 8, 10, 8],
          },
        ],
      ],
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 16],
  };
}

/** A payment receipt: figures and words for the amount, and a banner if it was reversed. */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const receivedFrom = receipt.payerName ?? receipt.tenantName ?? '—';
  const property = [receipt.propertyName, receipt.propertyAddress].filter((part) => part).join('\n');
  const details: [string, string][] = [
    ['Received from', receivedFrom],
    // A third party may pay for a tenant: then both names belong on the receipt.
    ...(receipt.tenantName && receipt.tenantName !== receivedFrom
      ? [['Tenant', receipt.tenantName] as [string, string]]
      : []),
    ['Property', property || '—'],
    ['Payment for', TYPE_NAMES[receipt.type]],
    ['Payment method', methodName(receipt.method)],
    ['Reference', receipt.reference ?? '—'],
  ];
  const detailRows: TableCell[][] = details.map(([label, value]) => [
    { text: label, color: COLOURS.muted },
    { text: value },
  ]);

  return renderPdf({
    info: { title: `Receipt ${receipt.receiptNumber}`, author: receipt.company.name },
    content: [
      companyHeader(receipt.company),
      {
        columns: [
          { text: 'RECEIPT', fontSize: 26, bold: true, characterSpacing: 2, width: '*' },
          {
            width: 'auto',
            alignment: 'right',
            stack: [
              { text: `No. ${receipt.receiptNumber}`, bold: true, fontSize: 12 },
              { text: formatDocumentDate(receipt.paymentDate), margin: [0, 2, 0, 0] },
            ],
          },
        ],
        margin: [0, 0, 0, 16],
      },
      ...(receipt.status === 'reversed' ? [reversedBanner(receipt.reversalReason)] : []),
      {
        table: { widths: [110, '*'], body: detailRows },
        layout: {
          hLineWidth: (row, node) => (row === 0 || row === node.table.body.length ? 0 : 0.5),
          vLineWidth: () => 0,
          hLineColor: () => COLOURS.rule,
          paddingTop: () => 6,
          paddingBottom: () => 6,
          paddingLeft: () => 0,
        },
        margin: [0, 0, 0, 20],
      },
      {
        table: {
          widths: ['*'],
          body: [
            [
              {
                stack: [
                  { text: 'Amount received', color: COLOURS.muted },
                  {
                    text: formatMoney(receipt.amount, receipt.currency),
                    fontSize: 22,
                    bold: true,
                    margin: [0, 2, 0, 4],
                  },
                  { text: amountInWords(receipt.amount, receipt.currency), italics: true },
                ],
                fillColor: COLOURS.shade,
                margin: [12, 10, 12, 10],
              },
            ],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 28],
      },
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: 'Received by', color: COLOURS.muted },
              { text: receipt.receivedBy, bold: true, margin: [0, 2, 0, 0] },
            ],
          },
          {
            width: 'auto',
            alignment: 'right',
            color: COLOURS.muted,
            fontSize: 9,
            text: `Issued ${formatDocumentTimestamp(receipt.issuedAt)}`,
          },
        ],
      },
    ],
  });
}

import { formatMoney, formatPercent } from '@lintel/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { COLOURS, companyHeader, formatDocumentDate, renderPdf } from './pdf.ts';
import type { DocumentCompany } from './types.ts';

export interface InvoiceDocumentBankAccount {
  bankName: string;
  accountName: string;
  accountNumber: string;
  branch?: string | undefined;
  currency?: string | undefined;
}

export interface InvoiceDocument {
  company: DocumentCompany;
  bankAccounts: InvoiceDocumentBankAccount[];
  /** Null for a draft. */
  number: string | null;
  status: 'draft' | 'issued' | 'paid' | 'void';
  isOverdue: boolean;
  voidReason: string | null;
  client: { name: string; address: string | null; email: string | null };
  /** YYYY-MM-DD */
  issueDate: string | null;
  dueDate: string | null;
  currency: string;
  /** Quantities as display text ("1.5"), amounts in minor units. */
  lines: { description: string; quantity: string; unitPrice: number; amount: number }[];
  vatRateBp: number;
  subtotal: number;
  vat: number;
  total: number;
  notes: string | null;
}

function banner(text: string, detail: string | null, fillColor: string): Content {
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text, bold: true, fontSize: 16 },
              ...(detail ? [{ text: detail, margin: [0, 2, 0, 0] }] : []),
            ],
            color: 'white',
            fillColor,
            margin: [10, 8, 10, 8],
          } as TableCell,
        ],
      ],
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 16],
  };
}

function statusBanner(invoice: InvoiceDocument): Content[] {
  if (invoice.status === 'void') {
    return [
      banner(
        'VOID',
        invoice.voidReason ? `Reason: ${invoice.voidReason}` : 'This invoice was voided.',
        COLOURS.alert,
      ),
    ];
  }
  if (invoice.status === 'paid') return [banner('PAID', 'Thank you for your payment.', '#1e7b34')];
  if (invoice.status === 'draft')
    return [banner('DRAFT', 'Not yet issued: this is not a tax invoice.', COLOURS.muted)];
  if (invoice.isOverdue)
    return [banner('Overdue', 'The due date has passed: please pay now.', COLOURS.alert)];
  return [];
}

const dateOf = (iso: string | null) => (iso ? formatDocumentDate(iso) : '—');

/** A written invoice an agency can send as it is: letterhead, client, lines, totals and how to pay. */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const header = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({
    text,
    bold: true,
    color: COLOURS.muted,
    alignment,
  });
  const lineRows: TableCell[][] = [
    [header('Description'), header('Qty', 'right'), header('Unit price', 'right'), header('Amount', 'right')],
    ...invoice.lines.map((line): TableCell[] => [
      { text: line.description },
      { text: line.quantity, alignment: 'right' },
      { text: money(line.unitPrice), alignment: 'right' },
      { text: money(line.amount), alignment: 'right' },
    ]),
  ];
  const totalRows: TableCell[][] = [
    [
      { text: 'Subtotal', color: COLOURS.muted },
      { text: money(invoice.subtotal), alignment: 'right' },
    ],
    ...(invoice.vatRateBp > 0
      ? [
          [
            { text: `VAT ${formatPercent(invoice.vatRateBp)}`, color: COLOURS.muted },
            { text: money(invoice.vat), alignment: 'right' },
          ] as TableCell[],
        ]
      : []),
    [
      { text: 'Total due', bold: true, fontSize: 12 },
      { text: money(invoice.total), bold: true, fontSize: 12, alignment: 'right' },
    ],
  ];
  const accounts = invoice.bankAccounts.filter(
    (account) => !account.currency || account.currency === invoice.currency,
  );
  const client = [invoice.client.name, invoice.client.address, invoice.client.email].filter((part) => part);

  return renderPdf({
    info: { title: `Invoice ${invoice.number ?? 'draft'}`, author: invoice.company.name },
    content: [
      companyHeader(invoice.company),
      {
        columns: [
          {
            text: invoice.vatRateBp > 0 ? 'TAX INVOICE' : 'INVOICE',
            fontSize: 26,
            bold: true,
            characterSpacing: 2,
            width: '*',
          },
          {
            width: 'auto',
            alignment: 'right',
            stack: [
              { text: invoice.number ? `No. ${invoice.number}` : 'Draft', bold: true, fontSize: 12 },
              { text: `Issued ${dateOf(invoice.issueDate)}`, margin: [0, 2, 0, 0] },
              { text: `Due ${dateOf(invoice.dueDate)}`, bold: true, margin: [0, 2, 0, 0] },
            ],
          },
        ],
        margin: [0, 0, 0, 16],
      },
      ...statusBanner(invoice),
      {
        stack: [
          { text: 'Bill to', color: COLOURS.muted },
          { text: client.join('\n'), lineHeight: 1.2, margin: [0, 2, 0, 0] },
        ],
        margin: [0, 0, 0, 16],
      },
      {
        table: { headerRows: 1, widths: ['*', 50, 90, 90], body: lineRows },
        layout: {
          hLineWidth: (row, node) => (row === 0 || row === node.table.body.length ? 0 : 0.5),
          vLineWidth: () => 0,
          hLineColor: () => COLOURS.rule,
          paddingTop: () => 6,
          paddingBottom: () => 6,
          paddingLeft: () => 0,
        },
        margin: [0, 0, 0, 10],
      },
      {
        columns: [
          { width: '*', text: '' },
          {
            width: 200,
            table: { widths: ['*', 'auto'], body: totalRows },
            layout: {
              hLineWidth: (row, node) => (row === node.table.body.length - 1 ? 1 : 0),
              vLineWidth: () => 0,
              hLineColor: () => COLOURS.rule,
              paddingTop: () => 4,
              paddingBottom: () => 4,
            },
          },
        ],
        margin: [0, 0, 0, 20],
      },
      ...(invoice.notes ? [{ text: invoice.notes, margin: [0, 0, 0, 16] } as Content] : []),
      ...(accounts.length > 0
        ? [
            {
              table: {
                widths: ['*'],
                body: [
                  [
                    {
                      stack: [
                        { text: 'Please pay into', bold: true, margin: [0, 0, 0, 4] },
                        ...accounts.map((account) => ({
                          text: [
                            `${account.bankName}${account.branch ? `, ${account.branch}` : ''} — `,
                            `${account.accountName}, account ${account.accountNumber}`,
                            account.currency ? ` (${account.currency})` : '',
                          ].join(''),
                          margin: [0, 1, 0, 1],
                        })),
                        {
                          text: `Reference: ${invoice.number ?? 'the invoice number'}`,
                          color: COLOURS.muted,
                          margin: [0, 4, 0, 0],
                        },
                      ],
                      fillColor: COLOURS.shade,
                      margin: [12, 10, 12, 10],
                    } as TableCell,
                  ],
                ],
              },
              layout: 'noBorders',
            } as Content,
          ]
        : []),
    ],
  });
}

import { z } from 'zod';
import {
  computeInvoiceTotals,
  formatMajorUnits,
  formatQuantity,
  InvoiceClientType,
  InvoiceInput,
  InvoiceKind,
  parseMajorUnits,
  parseQuantity,
  type Invoice,
  type InvoiceTotals,
} from '@lintel/contracts';

const LineForm = z.object({ description: z.string(), quantity: z.string(), unitPrice: z.string() });

/**
 * The contract's invoice input as a form: quantities and prices typed as text, then the whole
 * checked by `InvoiceInput` itself, its messages placed on the fields they name.
 */
export const InvoiceForm = z
  .object({
    kind: InvoiceKind,
    clientType: InvoiceClientType,
    clientId: z.string(),
    clientName: z.string(),
    clientAddress: z.string(),
    clientEmail: z.string(),
    currency: z.string(),
    issueDate: z.string(),
    dueDate: z.string(),
    notes: z.string(),
    lines: z.array(LineForm),
  })
  .transform((values, ctx) => {
    const lines = values.lines.map((line, index) => {
      const price = parseMajorUnits(line.unitPrice);
      if ('error' in price) {
        ctx.addIssue({ code: 'custom', message: price.error, path: ['lines', index, 'unitPrice'] });
        return { ...line, unitPrice: 0 };
      }
      return { ...line, unitPrice: price.cents };
    });
    const isOther = values.clientType === 'other';
    const body: InvoiceInput = {
      kind: values.kind,
      clientType: values.clientType,
      ...(isOther ? { clientName: values.clientName.trim() || null } : { clientId: values.clientId || null }),
      clientAddress: values.clientAddress.trim() || null,
      clientEmail: values.clientEmail.trim() || null,
      currency: values.currency,
      issueDate: values.issueDate,
      dueDate: values.dueDate,
      notes: values.notes.trim() || null,
      lines,
    };
    // Checked here, but sent as typed: the server parses the quantity text into thousandths itself.
    const parsed = InvoiceInput.safeParse(body);
    if (parsed.success) return body;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path.length ? issue.path : ['root'],
      });
    }
    return z.NEVER;
  });
export type InvoiceFormValues = z.input<typeof InvoiceForm>;
export type InvoiceFormOutput = z.output<typeof InvoiceForm>;

export const emptyLine = () => ({ description: '', quantity: '1', unitPrice: '' });

export function formValuesOf(invoice: Invoice): InvoiceFormValues {
  return {
    kind: invoice.kind,
    clientType: invoice.clientType,
    clientId: invoice.clientId ?? '',
    clientName: invoice.clientName,
    clientAddress: invoice.clientAddress ?? '',
    clientEmail: invoice.clientEmail ?? '',
    currency: invoice.currency,
    issueDate: invoice.issueDate ?? '',
    dueDate: invoice.dueDate ?? '',
    notes: invoice.notes ?? '',
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: formatQuantity(line.quantityMilli),
      unitPrice: formatMajorUnits(line.unitPrice),
    })),
  };
}

/** The editor's live totals, by the server's rules; a line not yet typed in counts as nothing. */
export function liveTotals(
  lines: readonly InvoiceFormValues['lines'][number][],
  vatRateBp: number,
): InvoiceTotals {
  return computeInvoiceTotals(
    lines.map((line) => {
      const quantity = parseQuantity(line.quantity);
      const price = parseMajorUnits(line.unitPrice);
      return {
        quantityMilli: 'milli' in quantity ? quantity.milli : 0,
        unitPrice: 'cents' in price ? price.cents : 0,
      };
    }),
    vatRateBp,
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  formatMoney,
  formatPercent,
  formatQuantity,
  type Invoice,
  INVOICE_KIND_LABELS,
  INVOICE_PAID_FROM_LABELS,
} from '@lintel/contracts';
import { DetailList } from '../../../components/DetailList.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { InfoDialog } from '../../../components/InfoDialog.tsx';
// The maintenance feature's timestamp format: paid and voided are moments, not calendar dates.
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { actionsFor, INVOICE_ACTION_LABELS, type InvoiceAction } from './InvoiceActions.tsx';
import { InvoiceStatusChip } from './InvoiceStatusChip.tsx';
import { InvoiceTotalsList } from './InvoiceTotalsList.tsx';

/** One invoice read-only (client, dates, lines, totals) with what can be done to it in its state. */
export function InvoiceDetailsDialog({
  open,
  invoice,
  canEdit,
  error,
  onAction,
  onClose,
  onExited,
}: {
  open: boolean;
  invoice: Invoice;
  canEdit: boolean;
  /** Why the last action started here failed (the PDF download). */
  error?: string | null;
  onAction: (action: InvoiceAction, invoice: Invoice) => void;
  onClose: () => void;
  onExited?: () => void;
}) {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  return (
    <InfoDialog
      open={open}
      title={invoice.number ? `Invoice ${invoice.number}` : `Draft invoice for ${invoice.clientName}`}
      maxWidth="md"
      dividers
      wrapActions
      actions={actionsFor(invoice, canEdit).map((action) => (
        <Button
          key={action}
          color={action === 'void' || action === 'voidReissue' ? 'error' : undefined}
          onClick={() => onAction(action, invoice)}
        >
          {INVOICE_ACTION_LABELS[action]}
        </Button>
      ))}
      onClose={onClose}
      onExited={onExited}
    >
      {invoice.status === 'void' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Voided{invoice.voidedAt ? ` on ${formatDateTime(invoice.voidedAt)}` : ''}:{' '}
          {invoice.voidReason ?? 'no reason given'}
        </Alert>
      )}
      <DetailList
        items={[
          { label: 'Status', value: <InvoiceStatusChip invoice={invoice} /> },
          { label: 'Client', value: invoice.clientName },
          { label: 'Email', value: invoice.clientEmail },
          { label: 'Address', value: invoice.clientAddress },
          { label: 'Issued', value: invoice.issueDate && formatDay(invoice.issueDate) },
          { label: 'Due', value: invoice.dueDate && formatDay(invoice.dueDate) },
          { label: 'For', value: INVOICE_KIND_LABELS[invoice.kind] },
          ...(invoice.paidAt ? [{ label: 'Paid', value: formatDateTime(invoice.paidAt) }] : []),
          ...(invoice.paidFrom
            ? [{ label: 'Paid how', value: INVOICE_PAID_FROM_LABELS[invoice.paidFrom] }]
            : []),
          ...(invoice.journalId ? [{ label: 'Journal', value: invoice.journalId }] : []),
          { label: 'Notes', value: invoice.notes },
        ]}
      />
      <Box sx={{ overflowX: 'auto', mt: 3 }}>
        <Table size="small" aria-label="Invoice lines">
          <TableHead>
            <TableRow>
              <TableCell>Description</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Unit price</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.lines.map((line, index) => (
              <TableRow key={index}>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right">{formatQuantity(line.quantityMilli)}</TableCell>
                <TableCell align="right">{money(line.unitPrice)}</TableCell>
                <TableCell align="right">{money(line.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }} role="group" aria-label="Totals">
        <InvoiceTotalsList
          subtotal={money(invoice.subtotal)}
          vat={money(invoice.vat)}
          vatLabel={`VAT (${formatPercent(invoice.vatRateBp)})`}
          total={money(invoice.total)}
        />
      </Box>
      <ErrorAlert message={error} sx={{ mt: 2 }} />
    </InfoDialog>
  );
}

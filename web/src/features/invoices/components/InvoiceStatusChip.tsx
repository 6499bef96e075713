import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { INVOICE_STATUS_LABELS, type Invoice, type InvoiceStatus } from '@lintel/contracts';

const COLORS: Record<InvoiceStatus, 'default' | 'info' | 'success' | 'error'> = {
  draft: 'default',
  issued: 'info',
  paid: 'success',
  void: 'error',
};

/** The status, and "Overdue" beside an issued invoice past its due date. */
export function InvoiceStatusChip({ invoice }: { invoice: Pick<Invoice, 'status' | 'isOverdue'> }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
      <Chip
        size="small"
        variant="outlined"
        label={INVOICE_STATUS_LABELS[invoice.status]}
        color={COLORS[invoice.status]}
      />
      {invoice.isOverdue && <Chip size="small" label="Overdue" color="error" />}
    </Stack>
  );
}

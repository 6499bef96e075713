import { useState } from 'react';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Invoice } from '@lintel/contracts';

export type InvoiceAction = 'edit' | 'issue' | 'markPaid' | 'void' | 'voidReissue' | 'pdf';

export const INVOICE_ACTION_LABELS: Record<InvoiceAction, string> = {
  edit: 'Edit draft',
  issue: 'Issue',
  markPaid: 'Mark paid',
  void: 'Void',
  voidReissue: 'Void and reissue',
  pdf: 'Download PDF',
};

/** What can be done to an invoice in its state: drafts change and issue; issued ones are paid or voided. */
export function actionsFor(invoice: Pick<Invoice, 'status'>, canEdit: boolean): InvoiceAction[] {
  if (!canEdit) return ['pdf'];
  if (invoice.status === 'draft') return ['edit', 'issue', 'pdf'];
  if (invoice.status === 'issued') return ['markPaid', 'void', 'voidReissue', 'pdf'];
  return ['pdf'];
}

export function InvoiceActions({
  invoice,
  canEdit,
  onAction,
}: {
  invoice: Invoice;
  canEdit: boolean;
  onAction: (action: InvoiceAction, invoice: Invoice) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = invoice.number ?? `draft for ${invoice.clientName}`;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actionsFor(invoice, canEdit).map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action, invoice);
            }}
          >
            {INVOICE_ACTION_LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

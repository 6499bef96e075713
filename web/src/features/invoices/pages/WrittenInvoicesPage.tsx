import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  formatMoney,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  VoidInvoiceInput,
  type Invoice,
  type InvoiceStatus,
} from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { useDownload } from '../../../components/use-download.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDay } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import {
  canEditInvoices,
  canReadInvoices,
  downloadInvoicePdf,
  fetchInvoice,
  useInvoices,
  useIssueInvoice,
  useVoidInvoice,
  type InvoiceListQuery,
} from '../api.ts';
import { InvoiceActions, type InvoiceAction } from '../components/InvoiceActions.tsx';
import { InvoiceDetailsDialog } from '../components/InvoiceDetailsDialog.tsx';
import { InvoiceEditorDialog } from '../components/InvoiceEditorDialog.tsx';
import { InvoiceStatusChip } from '../components/InvoiceStatusChip.tsx';
import { MarkPaidDialog } from '../components/MarkPaidDialog.tsx';

/** Grid columns the server sorts by; their field names are the API's `sort` keys. */
const SORTABLE = ['number', 'issueDate', 'dueDate', 'total'];
const VoidReason = VoidInvoiceInput.pick({ reason: true });
const INVOICE_NOT_FOUND =
  'Invoice not found. The link may be out of date, or the invoice is not one you can see.';

/** /accountant-dashboard/written-invoices: drafts, issued, paid and void invoices, with their PDFs. */
export function WrittenInvoicesPage() {
  const { user } = useAuth();
  if (!canReadInvoices(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Written invoices" />
        <Alert severity="info">Invoices are handled by your agency&apos;s accountants.</Alert>
      </Stack>
    );
  }
  return <InvoiceList canEdit={canEditInvoices(user?.role)} />;
}

type Pending = { action: Exclude<InvoiceAction, 'pdf'> | 'view'; invoice: Invoice | null };

function InvoiceList({ canEdit }: { canEdit: boolean }) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  // A phone keeps number, client, total, status and the actions in view.
  const columnVisibilityModel: GridColumnVisibilityModel = { issueDate: !compact, dueDate: !compact };
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [overdueOnly, setOverdueOnly] = useState(false);
  const list = useGridQueryState({
    sortable: SORTABLE,
    initialSort: [{ field: 'issueDate', sort: 'desc' }],
    filters: [status, overdueOnly],
  });
  const query: InvoiceListQuery = {
    ...list.query,
    ...(status ? { status } : {}),
    ...(overdueOnly ? { overdue: true } : {}),
  };
  const invoices = useInvoices(query);
  const isFiltered = Boolean(list.q) || Boolean(status) || overdueOnly;
  const dialog = useDialogState<Pending>();
  const issue = useIssueInvoice();
  const voidInvoice = useVoidInvoice();
  const pdf = useDownload('The PDF could not be downloaded.');

  const { openDialog } = dialog;
  const handleAction = (action: InvoiceAction, invoice: Invoice) => {
    if (action === 'pdf') void pdf.download(() => downloadInvoicePdf(invoice));
    else openDialog({ action, invoice });
  };

  // A notification's link (`?open=<id>`, the overdue-invoice notice): show that invoice; the
  // link stays in the address until its dialog closes.
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('open');
  const [linkError, setLinkError] = useState<{ id: string; message: string } | null>(null);
  useEffect(() => {
    if (!openId) return;
    let isCurrent = true;
    fetchInvoice(openId).then(
      (invoice) => {
        if (isCurrent) openDialog({ action: 'view', invoice });
      },
      (failure: unknown) => {
        if (!isCurrent) return;
        const error = toApiError(failure, 'The invoice could not be opened. Please try again.');
        // A malformed id is refused as bad input; to the reader it is the same missing invoice.
        const isMissing = error.status === 404 || error.status === 400;
        setLinkError({ id: openId, message: isMissing ? INVOICE_NOT_FOUND : error.message });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [openId, openDialog]);
  const forgetLink = useCallback(
    () =>
      setSearchParams(
        (params) => {
          params.delete('open');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const closeDialog = () => {
    dialog.closeDialog();
    if (openId) forgetLink();
  };

  const columns = useMemo<GridColDef<Invoice>[]>(() => {
    return [
      {
        field: 'number',
        headerName: 'Number',
        width: 130,
        renderCell: ({ row }) => (
          <StackedCell>
            <Link
              component="button"
              type="button"
              variant="body2"
              underline="hover"
              sx={{ textAlign: 'left', ...(row.number ? { fontWeight: 500 } : { color: 'text.secondary' }) }}
              onClick={() => openDialog({ action: 'view', invoice: row })}
            >
              {row.number ?? 'Draft'}
            </Link>
          </StackedCell>
        ),
      },
      {
        field: 'clientName',
        headerName: 'Client',
        flex: 1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <StackedCell>
            <Typography variant="body2" noWrap>
              {row.clientName}
            </Typography>
            {row.clientEmail && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.clientEmail}
              </Typography>
            )}
          </StackedCell>
        ),
      },
      {
        field: 'issueDate',
        headerName: 'Issued',
        width: 120,
        valueFormatter: (value: string | null) => (value ? formatDay(value) : '—'),
      },
      {
        field: 'dueDate',
        headerName: 'Due',
        width: 120,
        renderCell: ({ row }) => (
          <StackedCell>
            <Typography
              variant="body2"
              sx={row.isOverdue ? { color: 'error.main', fontWeight: 600 } : undefined}
            >
              {row.dueDate ? formatDay(row.dueDate) : '—'}
            </Typography>
          </StackedCell>
        ),
      },
      {
        field: 'total',
        headerName: 'Total',
        width: 130,
        type: 'number',
        valueFormatter: (value: number, row) => formatMoney(value, row.currency),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 170,
        sortable: false,
        renderCell: ({ row }) => <InvoiceStatusChip invoice={row} />,
      },
      {
        field: 'actions',
        headerName: '',
        width: 56,
        sortable: false,
        renderCell: ({ row }) => <InvoiceActions invoice={row} canEdit={canEdit} onAction={handleAction} />,
      },
    ];
    // handleAction is a fresh closure each render but only reads openDialog and pdf's own state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canEdit, openDialog]);

  const pending = dialog.dialog;
  const handleIssue = async (invoice: Invoice) => {
    try {
      await issue.mutateAsync(invoice._id);
      closeDialog();
    } catch (failure) {
      dialog.setDialogError(
        toApiError(failure, 'The invoice could not be issued. Please try again.').message,
      );
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Written invoices"
        subtitle={
          canEdit
            ? 'Draft, issue and track invoices to owners, tenants and others.'
            : 'Invoices of the agency.'
        }
        actions={
          canEdit && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => openDialog({ action: 'edit', invoice: null })}
            >
              New invoice
            </Button>
          )
        }
      />
      <ErrorAlert message={pdf.error} />
      {openId && linkError?.id === openId && (
        <Alert severity="error" onClose={forgetLink}>
          {linkError.message}
        </Alert>
      )}
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <SearchField
          label="Search invoices"
          value={list.search}
          onChange={list.setSearch}
          placeholder="Number or client"
          sx={{ flex: '1 1 260px' }}
        />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          showsAll
          value={status}
          onChange={setStatus}
          sx={{ minWidth: 160 }}
        >
          {optionItems(INVOICE_STATUSES, INVOICE_STATUS_LABELS)}
        </FilterSelect>
        <FormControlLabel
          control={
            <Switch checked={overdueOnly} onChange={(event) => setOverdueOnly(event.target.checked)} />
          }
          label="Overdue only"
        />
      </Box>
      <ServerDataGrid
        aria-label="Invoices"
        list={invoices}
        columns={columns}
        state={list.grid}
        columnVisibilityModel={columnVisibilityModel}
        empty={{
          title: isFiltered ? 'No invoices match your search' : 'No invoices yet',
          text: isFiltered
            ? 'Try other words, or clear the filters.'
            : canEdit
              ? 'Create the first invoice to bill an owner, a tenant or anyone else.'
              : 'Invoices will show here once they are issued.',
        }}
      />

      {pending?.action === 'view' && pending.invoice && (
        <InvoiceDetailsDialog
          key={dialog.dialogKey}
          open={dialog.dialogOpen}
          invoice={pending.invoice}
          canEdit={canEdit}
          error={pdf.error}
          onAction={handleAction}
          onClose={closeDialog}
          onExited={dialog.forgetDialog}
        />
      )}
      {pending?.action === 'edit' && (
        <InvoiceEditorDialog
          key={dialog.dialogKey}
          open={dialog.dialogOpen}
          invoice={pending.invoice}
          onClose={closeDialog}
          onExited={dialog.forgetDialog}
        />
      )}
      {pending?.action === 'issue' && pending.invoice && (
        <ConfirmDialog
          open={dialog.dialogOpen}
          title="Issue invoice"
          message={`Issue the invoice to ${pending.invoice.clientName} for ${formatMoney(pending.invoice.total, pending.invoice.currency)}? It gets the next number and can no longer be changed; to correct it later, void it and issue a new one.`}
          confirmLabel="Issue"
          busy={issue.isPending}
          error={dialog.dialogError}
          onConfirm={() => void handleIssue(pending.invoice!)}
          onClose={closeDialog}
          onExited={dialog.forgetDialog}
        />
      )}
      {(pending?.action === 'void' || pending?.action === 'voidReissue') && pending.invoice && (
        <ReasonDialog
          key={dialog.dialogKey}
          open={dialog.dialogOpen}
          title={pending.action === 'void' ? 'Void invoice' : 'Void and reissue invoice'}
          actionLabel={pending.action === 'void' ? 'Void' : 'Void and reissue'}
          message={
            pending.action === 'void'
              ? `Voiding ${pending.invoice.number} keeps it on record as void. This cannot be undone.`
              : `Voiding ${pending.invoice.number} keeps it on record as void and starts a new draft with the same lines to correct and issue.`
          }
          schema={VoidReason}
          failureText="The invoice could not be voided. Please try again."
          onConfirm={(reason) =>
            voidInvoice.mutateAsync({
              id: pending.invoice!._id,
              reason,
              reissue: pending.action === 'voidReissue',
            })
          }
          onClose={closeDialog}
          onExited={dialog.forgetDialog}
        />
      )}
      {pending?.action === 'markPaid' && pending.invoice && (
        <MarkPaidDialog
          key={dialog.dialogKey}
          open={dialog.dialogOpen}
          invoice={pending.invoice}
          onClose={closeDialog}
          onExited={dialog.forgetDialog}
        />
      )}
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import type { GridColDef, GridColumnVisibilityModel, GridRowParams } from '@mui/x-data-grid';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  MAIL_STATES,
  type MailKind,
  type MailMessage,
  type MailState,
} from '@lintel/contracts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageSize } from '../../profile/index.ts';
import { useMailDelivery, useMailList, type MailListQuery } from '../api.ts';
import { MailStateChip } from '../components/MailStateChip.tsx';
import { MessageDialog } from '../components/MessageDialog.tsx';
import { MAIL_STATE_LABELS } from '../mail-labels.ts';

/** When a message went out, or, until it does, when it was queued. */
const timeOf = (message: MailMessage) => message.sentAt ?? message.createdAt;

/** /admin/messages: every email Lintel sends for the company, and each one's delivery (issue 19). */
export function MessagesPage() {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));

  const [kind, setKind] = useState<MailKind | ''>('');
  const [state, setState] = useState<MailState | ''>('');
  // Newest first, always: the server does not sort the outbox by anything else.
  const list = useGridQueryState({ filters: [kind, state], defaultPageSize: usePageSize(null) });
  const { search, setSearch, q } = list;
  const query: MailListQuery = { ...list.query, ...(kind ? { kind } : {}), ...(state ? { state } : {}) };
  const messages = useMailList(query);
  const delivery = useMailDelivery();
  const isFiltered = Boolean(q || kind || state);

  const [selected, setSelected] = useState<MailMessage | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openMessage = (message: MailMessage) => {
    setSelected(message);
    setDialogOpen(true);
  };

  const columns = useMemo<GridColDef<MailMessage>[]>(
    () => [
      {
        field: 'time',
        headerName: 'Time',
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography variant="body2" noWrap component="time" dateTime={timeOf(row)}>
            {formatDateTime(timeOf(row))}
          </Typography>
        ),
      },
      {
        field: 'kind',
        headerName: 'Kind',
        width: 140,
        sortable: false,
        valueFormatter: (value: MailKind) => MAIL_KIND_LABELS[value],
      },
      {
        field: 'to',
        headerName: 'To',
        flex: 1,
        minWidth: 160,
        sortable: false,
        // On phones the recipient carries the subject and time under it.
        renderCell: ({ row }) => (
          <StackedCell>
            <Typography variant="body2" noWrap>
              {row.to}
            </Typography>
            {compact && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.subject} · {formatDateTime(timeOf(row))}
              </Typography>
            )}
          </StackedCell>
        ),
      },
      { field: 'subject', headerName: 'Subject', flex: 1.4, minWidth: 180, sortable: false },
      {
        field: 'state',
        headerName: 'State',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => <MailStateChip state={row.state} />,
      },
      { field: 'attempts', headerName: 'Attempts', type: 'number', width: 100, sortable: false },
      {
        field: 'view',
        headerName: 'Details',
        width: 80,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Tooltip title="Open message">
            <IconButton
              aria-label={`Open message to ${row.to}: ${row.subject}`}
              onClick={(event) => {
                // The row's own click would open it a second time.
                event.stopPropagation();
                openMessage(row);
              }}
            >
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [compact],
  );

  // Phones keep the recipient (subject and time under it), the state and the button.
  const columnVisibilityModel: GridColumnVisibilityModel = {
    time: !compact,
    kind: wide,
    subject: !compact,
    attempts: !compact,
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Messages"
        subtitle="Every email Lintel sends for your company: who it went to, whether it arrived, and what it said."
      />

      {delivery.data?.mode === 'preview' && (
        <Alert severity="info">
          No mail server is set (SMTP_URL), so messages are kept here and not sent.
        </Alert>
      )}

      <FilterBar
        search={{ label: 'Search messages', value: search, onChange: setSearch, placeholder: 'Recipient' }}
        widths={['180px', '160px']}
      >
        <FilterSelect label="Kind" allLabel="All kinds" showsAll value={kind} onChange={setKind}>
          {optionItems(MAIL_KINDS, MAIL_KIND_LABELS)}
        </FilterSelect>
        <FilterSelect label="State" allLabel="All states" showsAll value={state} onChange={setState}>
          {optionItems(MAIL_STATES, MAIL_STATE_LABELS)}
        </FilterSelect>
      </FilterBar>

      <ServerDataGrid
        aria-label="Messages"
        list={messages}
        columns={columns}
        state={list.grid}
        columnVisibilityModel={columnVisibilityModel}
        onRowClick={(params: GridRowParams<MailMessage>) => openMessage(params.row)}
        empty={
          isFiltered
            ? {
                title: 'No messages match these filters',
                text: 'Try another recipient, kind or state, or clear the filters.',
                action: (
                  <Button
                    variant="outlined"
                    onClick={() => {
                      setSearch('');
                      setKind('');
                      setState('');
                    }}
                  >
                    Clear filters
                  </Button>
                ),
              }
            : {
                title: 'No messages yet.',
                text: 'Password resets and invitations show here as Lintel sends them.',
              }
        }
      />

      {selected && (
        <MessageDialog
          key={selected._id}
          message={selected}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          onExited={() => setSelected(null)}
        />
      )}
    </Stack>
  );
}

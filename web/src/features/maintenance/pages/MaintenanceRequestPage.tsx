import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ATTACHMENT_TYPES,
  formatMoney,
  type MaintenanceDetail,
  type MaintenanceStatus,
  type Role,
} from '@lintel/contracts';
import { DetailList } from '../../../components/DetailList.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import {
  allowedMoves,
  attachmentProblem,
  awaitsOwner,
  canAttach,
  canRecordCosts,
  useAttach,
  useMaintenanceRequest,
  useOwnerApproval,
} from '../api.ts';
import { AttachmentTile } from '../components/AttachmentTile.tsx';
import { CostsDialog } from '../components/CostsDialog.tsx';
import { MaintenanceStatusChip } from '../components/MaintenanceStatusChip.tsx';
import { MoveDialog } from '../components/MoveDialog.tsx';
import {
  COST_BEARER_LABELS,
  MAINTENANCE_STATUS_LABELS,
  MOVE_LABELS,
  PRIORITY_LABELS,
} from '../maintenance-labels.ts';

/** Where each role's maintenance list lives. */
export const MAINTENANCE_LIST_PATHS: Partial<Record<Role, string>> = {
  admin: '/admin/maintenance',
  agent: '/agent-dashboard/maintenance',
  owner: '/owner-dashboard/maintenance',
};

const money = (amount: number | null, currency: string) =>
  amount === null ? null : formatMoney(amount, currency);

/** /maintenance/:id: one request with its timeline, attachments, and what this user may do to it. */
export function MaintenanceRequestPage() {
  const { id = '' } = useParams();
  const detail = useMaintenanceRequest(id);
  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Maintenance request" />
        <ErrorAlert message={toApiError(detail.error, 'The request could not be loaded.').message} />
      </Stack>
    );
  }
  return <RequestView request={detail.data} />;
}

function RequestView({ request }: { request: MaintenanceDetail }) {
  const { user } = useAuth();
  const moving = useDialogState<MaintenanceStatus>();
  const costs = useDialogState<true>();
  const moves = allowedMoves(user, request);
  const listPath = user ? MAINTENANCE_LIST_PATHS[user.role] : undefined;
  const ownerApproval = !request.ownerApprovalRequired
    ? 'Not needed'
    : request.ownerApprovedAt
      ? `Approved ${formatDateTime(request.ownerApprovedAt)}`
      : 'Waiting for the owner';

  return (
    <Stack spacing={2}>
      {listPath && (
        <Box>
          <Button component={RouterLink} to={listPath} startIcon={<ArrowBackIcon />} size="small">
            Maintenance
          </Button>
        </Box>
      )}
      <PageHeader
        title={request.title}
        subtitle={request.propertyName}
        actions={
          <>
            {canRecordCosts(user, request) && (
              <Button variant="outlined" onClick={() => costs.openDialog(true)}>
                Record costs
              </Button>
            )}
            {moves.map((to) => (
              <Button
                key={to}
                variant={to === 'rejected' || to === 'cancelled' ? 'outlined' : 'contained'}
                color={to === 'rejected' || to === 'cancelled' ? 'error' : 'primary'}
                onClick={() => moving.openDialog(to)}
              >
                {MOVE_LABELS[to]}
              </Button>
            ))}
          </>
        }
      />
      {awaitsOwner(user, request) && <OwnerApproval request={request} />}
      {request.ownerApprovalRequired && !request.ownerApprovedAt && user?.role !== 'owner' && (
        <Alert severity="warning">
          The estimate is above the owner approval limit: work can start once the owner approves it.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Card variant="outlined">
          <CardContent>
            <DetailList
              items={[
                { label: 'Status', value: <MaintenanceStatusChip status={request.status} /> },
                { label: 'Priority', value: PRIORITY_LABELS[request.priority] },
                { label: 'Description', value: request.description },
                { label: 'Requested by', value: request.requestedByName },
                { label: 'Assigned to', value: request.assignedToName ?? request.assignedSupplier },
                { label: 'Estimated cost', value: money(request.estimatedCost, request.currency) },
                { label: 'Actual cost', value: money(request.actualCost, request.currency) },
                { label: 'Cost borne by', value: COST_BEARER_LABELS[request.costBearer] },
                { label: 'Owner approval', value: ownerApproval },
              ]}
            />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <SectionTitle>Timeline</SectionTitle>
            <List dense aria-label="Timeline">
              {request.events.map((event) => (
                <ListItem key={event._id} disableGutters>
                  <ListItemText
                    primary={`${MAINTENANCE_STATUS_LABELS[event.toStatus]}${event.note ? ` — ${event.note}` : ''}`}
                    secondary={`${event.actorName ?? 'Someone'} · ${formatDateTime(event.createdAt)}`}
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      </Box>
      <Attachments request={request} />
      {moving.dialog && (
        <MoveDialog
          key={moving.dialogKey}
          request={request}
          to={moving.dialog}
          open={moving.dialogOpen}
          onClose={moving.closeDialog}
          onExited={moving.forgetDialog}
        />
      )}
      {costs.dialog && (
        <CostsDialog
          key={costs.dialogKey}
          request={request}
          open={costs.dialogOpen}
          onClose={costs.closeDialog}
          onExited={costs.forgetDialog}
        />
      )}
    </Stack>
  );
}

function OwnerApproval({ request }: { request: MaintenanceDetail }) {
  const answer = useOwnerApproval(request._id);
  return (
    <Alert
      severity="warning"
      action={
        <Stack direction="row" spacing={1}>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ approve: false })}
          >
            Decline
          </Button>
          <Button
            color="inherit"
            variant="contained"
            size="small"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ approve: true })}
          >
            Approve estimate
          </Button>
        </Stack>
      }
    >
      The estimate of {money(request.estimatedCost, request.currency)} is above your approval limit. Work
      starts once you approve it.
      {answer.error && ` ${toApiError(answer.error, 'Your answer could not be saved.').message}`}
    </Alert>
  );
}

function Attachments({ request }: { request: MaintenanceDetail }) {
  const { user } = useAuth();
  const attach = useAttach(request._id);
  const [problem, setProblem] = useState<string | null>(null);
  const handleFile = (file: File | undefined) => {
    if (!file) return;
    const error = attachmentProblem(file);
    setProblem(error);
    if (!error) attach.mutate(file);
  };
  const uploadError = attach.error
    ? toApiError(attach.error, 'The file could not be attached.').message
    : null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <SectionTitle>Photos and documents</SectionTitle>
          {canAttach(user, request) && (
            <Button variant="outlined" component="label" size="small" loading={attach.isPending}>
              Attach a file
              <input
                hidden
                type="file"
                accept={ATTACHMENT_TYPES.join(',')}
                aria-label="Attach a file"
                onChange={(event) => handleFile(event.target.files?.[0])}
              />
            </Button>
          )}
        </Stack>
        <ErrorAlert message={problem ?? uploadError} />
        {request.attachments.length === 0 ? (
          <Typography color="text.secondary">No photos or documents yet.</Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {request.attachments.map((attachment) => (
              <AttachmentTile key={attachment._id} requestId={request._id} attachment={attachment} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

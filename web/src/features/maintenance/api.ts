import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_ONLY_MOVES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_TYPES,
  ATTACHMENT_WRONG_TYPE,
  MAINTENANCE_TRANSITIONS,
  maintenanceApi,
  type MaintenanceDetail,
  type MaintenanceInput,
  type MaintenanceQuery,
  type MaintenanceRequest,
  type MaintenanceStatus,
  type MaintenanceTransitionInput,
  type MaintenanceUpdateInput,
  type OwnerApprovalInput,
  type Role,
} from '@lintel/contracts';
import { api, downloadFile, request, toApiError } from '../../lib/http.ts';

export type MaintenanceListQuery = Partial<MaintenanceQuery>;
type Viewer = { _id: string; role: Role } | null | undefined;

// PRODUCT.md roles table; the server enforces it, and a 403 ends the session, so nothing else is called.
export const canReadMaintenance = (role: Role | undefined) =>
  role === 'admin' || role === 'accountant' || role === 'agent' || role === 'owner';
export const canRaiseMaintenance = (role: Role | undefined) =>
  role === 'admin' || role === 'agent' || role === 'owner';

const isOpen = (request: MaintenanceRequest) =>
  request.status === 'pending' || request.status === 'approved' || request.status === 'in_progress';

/** Admins change any request; agents those on the properties they manage. */
const manages = (user: Viewer, request: MaintenanceRequest) =>
  user?.role === 'admin' || (user?.role === 'agent' && request.propertyAgentId === user._id);

export const canEditRequest = (user: Viewer, request: MaintenanceRequest) =>
  isOpen(request) && manages(user, request);
/** Accountants record costs too. */
export const canRecordCosts = (user: Viewer, request: MaintenanceRequest) =>
  isOpen(request) && (manages(user, request) || user?.role === 'accountant');
export const canAttach = (user: Viewer, request: MaintenanceRequest) =>
  manages(user, request) || user?.role === 'owner';

/** The moves this user may make now. */
export function allowedMoves(user: Viewer, request: MaintenanceRequest): MaintenanceStatus[] {
  if (!manages(user, request)) return [];
  return MAINTENANCE_TRANSITIONS[request.status].filter(
    (to) => user?.role === 'admin' || !ADMIN_ONLY_MOVES.includes(to),
  );
}

/** Whether this user is the owner whose answer the request waits for. */
export const awaitsOwner = (user: Viewer, request: MaintenanceRequest) =>
  user?.role === 'owner' &&
  request.ownerApprovalRequired &&
  !request.ownerApprovedAt &&
  (request.status === 'pending' || request.status === 'approved');

/** The client's own check before an upload; the server checks the content again. */
export function attachmentProblem(file: File): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return `${file.name}: ${ATTACHMENT_TOO_LARGE}`;
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type))
    return `${file.name}: ${ATTACHMENT_WRONG_TYPE}`;
  return null;
}

export const maintenanceKeys = {
  all: ['maintenance'] as const,
  list: (query: MaintenanceListQuery) => ['maintenance', 'list', query] as const,
  one: (id: string) => ['maintenance', 'one', id] as const,
  file: (id: string, attachmentId: string) => ['maintenance', 'file', id, attachmentId] as const,
};

export function useMaintenanceRequests(query: MaintenanceListQuery) {
  return useQuery({
    queryKey: maintenanceKeys.list(query),
    queryFn: () => request(maintenanceApi.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useMaintenanceRequest(id: string) {
  return useQuery({
    queryKey: maintenanceKeys.one(id),
    queryFn: () => request(maintenanceApi.get, { params: { id } }).then((reply) => reply.data),
  });
}

/** A change answers with the whole request: it replaces the cached one; lists and properties refetch. */
function useSaveDetail() {
  const qc = useQueryClient();
  return (detail: MaintenanceDetail) => {
    qc.setQueryData(maintenanceKeys.one(detail._id), detail);
    void qc.invalidateQueries({ queryKey: [...maintenanceKeys.all, 'list'] });
    void qc.invalidateQueries({ queryKey: ['properties'] });
    void qc.invalidateQueries({ queryKey: ['accounts'] });
  };
}

const upload = (id: string, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return request(maintenanceApi.upload, { params: { id }, body });
};

export function useCreateRequest() {
  const save = useSaveDetail();
  return useMutation({
    mutationFn: async ({ body, files }: { body: MaintenanceInput; files: File[] }) => {
      const created = (await request(maintenanceApi.create, { body })).data;
      // One file per call, as the server takes them.
      for (const file of files) await upload(created._id, file);
      return files.length > 0
        ? (await request(maintenanceApi.get, { params: { id: created._id } })).data
        : created;
    },
    onSuccess: save,
  });
}

export function useUpdateRequest(id: string) {
  const save = useSaveDetail();
  return useMutation({
    mutationFn: (body: MaintenanceUpdateInput) =>
      request(maintenanceApi.update, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: save,
  });
}

export function useTransitionRequest(id: string) {
  const save = useSaveDetail();
  return useMutation({
    mutationFn: (body: MaintenanceTransitionInput) =>
      request(maintenanceApi.transition, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: save,
  });
}

export function useOwnerApproval(id: string) {
  const save = useSaveDetail();
  return useMutation({
    mutationFn: (body: OwnerApprovalInput) =>
      request(maintenanceApi.ownerApproval, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: save,
  });
}

export function useAttach(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload(id, file),
    onSuccess: () => qc.invalidateQueries({ queryKey: maintenanceKeys.one(id) }),
  });
}

const attachmentPath = (id: string, attachmentId: string) =>
  maintenanceApi.attachment.path
    .replace(':id', encodeURIComponent(id))
    .replace(':attachmentId', encodeURIComponent(attachmentId));

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });

/**
 * A photo's bytes fetched through the signed-in client (an <img src> to the API would carry no
 * token), as a data URL: nothing to revoke when the thumbnail goes.
 */
export function useAttachmentPreview(id: string, attachmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: maintenanceKeys.file(id, attachmentId),
    queryFn: async () => {
      try {
        const response = await api.get<Blob>(attachmentPath(id, attachmentId), { responseType: 'blob' });
        return await readAsDataUrl(response.data);
      } catch (error) {
        throw toApiError(error, 'The file could not be loaded.');
      }
    },
    enabled,
    staleTime: Infinity,
  });
}

export const downloadAttachment = (id: string, attachment: { _id: string; fileName: string }) =>
  downloadFile(
    maintenanceApi.attachment,
    { params: { id, attachmentId: attachment._id } },
    attachment.fileName,
  );

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSyncApi, type ImportKind, type ImportReport } from '@lintel/contracts';
import { downloadFile, request, type ApiError, type ProgressListener } from '../../lib/http.ts';

// PRODUCT.md roles table: data sync is the accountant's; admins read it (templates and the export).
// The server refuses the rest with a 403, which signs the user out: nothing calls past this.
type RoleName = string | undefined;
export const canExportData = (role: RoleName) => role === 'admin' || role === 'accountant';
export const canImportData = (role: RoleName) => role === 'accountant';

export const downloadTemplate = (kind: ImportKind, onProgress?: ProgressListener) =>
  downloadFile(dataSyncApi.template, { params: { kind } }, `${kind}-template.csv`, onProgress);

export const exportEverything = (onProgress?: ProgressListener) =>
  downloadFile(dataSyncApi.export, {}, 'lintel-export.zip', onProgress);

export interface ImportRequest {
  kind: ImportKind;
  file: File;
  /** True checks every row and writes nothing; false writes all rows or none. */
  dryRun: boolean;
  onUploadProgress?: ProgressListener;
}

/**
 * Sends a CSV as multipart field "file" through the signed-in client (so the session rules
 * apply), with upload progress, and parses the report with the contract.
 */
export async function importFile({ kind, file, dryRun, onUploadProgress }: ImportRequest) {
  const body = new FormData();
  body.append('file', file);
  const reply = await request(
    dataSyncApi.import,
    { params: { kind }, query: { dryRun: String(dryRun) }, body },
    { fallback: 'The file could not be imported. Please try again.', onUploadProgress },
  );
  return reply.data;
}

export function useImportFile() {
  const qc = useQueryClient();
  return useMutation<ImportReport, ApiError, ImportRequest>({
    mutationFn: importFile,
    // Written rows show up in lists, accounts and reports alike: everything cached refetches.
    onSuccess: (report) => {
      if (report.applied) void qc.invalidateQueries();
    },
  });
}

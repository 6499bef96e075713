import { useRef, useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  IMPORT_HAS_PROBLEMS,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  type ImportKind,
  type ImportReport,
} from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { KpiCard } from '../../../components/KpiCard.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { formatBytes, TransferProgress } from '../../../components/TransferProgress.tsx';
import type { TransferProgress as Progress } from '../../../lib/http.ts';
import { useImportFile } from '../api.ts';
import { KindAndTemplate } from './KindAndTemplate.tsx';
import { ProblemsTable } from './ProblemsTable.tsx';

const ORDER = IMPORT_KINDS.map((kind) => IMPORT_KIND_LABELS[kind]).join(' → ');

const rowsText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

/**
 * CSV import (the accountant's): pick the kind and the file, check it (a dry run: every row is
 * validated, nothing written), read the problems row by row, and once there are none, apply it
 * (all rows in one transaction, or none).
 */
export function ImportPanel() {
  const [kind, setKind] = useState<ImportKind>('owners');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The last dry run of this kind and file. */
  const [checked, setChecked] = useState<ImportReport | null>(null);
  const [applied, setApplied] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const check = useImportFile();
  const apply = useImportFile();
  const isBusy = check.isPending || apply.isPending;

  /** Another kind or file makes the last report meaningless. */
  const forgetReports = () => {
    setChecked(null);
    setApplied(null);
    setRefusal(null);
    check.reset();
    apply.reset();
  };

  const handleKind = (next: ImportKind) => {
    setKind(next);
    forgetReports();
  };

  const handleFile = (chosen: File | undefined) => {
    // Cleared, so choosing the same (fixed) file again is a change too.
    if (input.current) input.current.value = '';
    if (!chosen) return;
    forgetReports();
    setFile(chosen);
    setFileError(
      chosen.size > IMPORT_MAX_BYTES
        ? `The file is ${formatBytes(chosen.size)}; the largest accepted is ${formatBytes(IMPORT_MAX_BYTES)}.`
        : null,
    );
  };

  const runCheck = (chosen: File) => {
    setChecked(null);
    setProgress(null);
    check.mutate(
      { kind, file: chosen, dryRun: true, onUploadProgress: setProgress },
      { onSuccess: setChecked },
    );
  };

  const handleCheck = () => {
    if (!file) return;
    forgetReports();
    runCheck(file);
  };

  const handleApply = () => {
    if (!file) return;
    setProgress(null);
    apply.mutate(
      { kind, file, dryRun: false, onUploadProgress: setProgress },
      {
        onSuccess: (report) => {
          setConfirming(false);
          setChecked(null);
          setApplied(report);
        },
        onError: (error) => {
          // The records changed since the check (someone added a row it clashes with): the
          // server refused the whole file. Say so, and check again to list what it found.
          if (error.code !== IMPORT_HAS_PROBLEMS) return;
          setConfirming(false);
          setRefusal(error.message);
          runCheck(file);
        },
      },
    );
  };

  const uploaded = progress && progress.total !== undefined && progress.loaded >= progress.total;
  const kindLabel = IMPORT_KIND_LABELS[kind].toLocaleLowerCase();

  return (
    <Paper variant="outlined" component="section" aria-label="Import" sx={{ p: { xs: 2, sm: 3 } }}>
      <SectionTitle>Import from CSV</SectionTitle>
      <Stack spacing={2}>
        <Alert severity="info">
          Import in this order: {ORDER}. Each file refers to records brought in by the ones before it (a lease
          names its property and tenant).
        </Alert>
        <KindAndTemplate kind={kind} onChange={handleKind} label="What to import" disabled={isBusy} />

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            tabIndex={-1}
            hidden
            onChange={(event) => handleFile(event.target.files?.[0])}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={isBusy}
            onClick={() => input.current?.click()}
          >
            {file ? 'Choose another file' : 'Choose CSV file'}
          </Button>
          <Typography aria-live="polite" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {file ? `${file.name} (${formatBytes(file.size)})` : 'No file chosen'}
          </Typography>
        </Box>
        <ErrorAlert message={fileError} />

        <Box>
          <Button variant="contained" disabled={!file || Boolean(fileError) || isBusy} onClick={handleCheck}>
            Check file
          </Button>
        </Box>

        {isBusy && !confirming && (
          <TransferProgress
            progress={uploaded ? null : progress}
            waiting={uploaded ? 'Checking rows…' : 'Uploading…'}
            verb="Uploaded"
          />
        )}
        <ErrorAlert message={check.error?.message} />
        <ErrorAlert message={refusal} />

        {checked && (
          <CheckReport
            report={checked}
            kindLabel={kindLabel}
            onApply={() => {
              apply.reset();
              setConfirming(true);
            }}
          />
        )}
        {applied && (
          <Alert severity="success" role="status">
            Imported {rowsText(applied.created)} of {kindLabel}.
            {applied.unchanged > 0 &&
              ` ${rowsText(applied.unchanged)} were already in Lintel and were left as they were.`}
          </Alert>
        )}
      </Stack>

      <ConfirmDialog
        open={confirming}
        title={`Import ${kindLabel}`}
        message={
          checked && (
            <>
              {rowsText(checked.created)} of {file?.name} will be written in one go: all of them, or none if
              anything fails.
              {checked.unchanged > 0 && ` ${rowsText(checked.unchanged)} already in Lintel are skipped.`}
            </>
          )
        }
        confirmLabel={`Import ${rowsText(checked?.created ?? 0)}`}
        busy={apply.isPending}
        error={apply.error?.code === IMPORT_HAS_PROBLEMS ? null : apply.error?.message}
        onConfirm={handleApply}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

/** What the dry run found: the counts, then the problems or the way to apply. */
function CheckReport({
  report,
  kindLabel,
  onApply,
}: {
  report: ImportReport;
  kindLabel: string;
  onApply: () => void;
}) {
  const figures = [
    { label: 'Rows read', value: report.rows },
    { label: 'Would create', value: report.created },
    { label: 'Unchanged', value: report.unchanged },
    { label: 'Problems', value: report.problems.length },
  ];
  const problemRows = new Set(report.problems.map((problem) => problem.row)).size;
  return (
    <Stack component="section" aria-label="Check report" spacing={2}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {figures.map((figure) => (
          <KpiCard key={figure.label} label={figure.label} value={figure.value.toLocaleString('en-US')} />
        ))}
      </Box>
      {report.problems.length > 0 ? (
        <>
          <Alert severity="warning">
            {report.problems.length === 1 ? '1 problem' : `${report.problems.length} problems`} in{' '}
            {rowsText(problemRows)}. Fix them in the file and check it again: nothing is imported while any
            row has a problem.
          </Alert>
          <ProblemsTable problems={report.problems} />
        </>
      ) : report.created > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Alert severity="success" sx={{ flex: '1 1 260px' }}>
            No problems: {rowsText(report.created)} of {kindLabel} ready to import.
          </Alert>
          <Button variant="contained" onClick={onApply}>
            Import {rowsText(report.created)}
          </Button>
        </Box>
      ) : (
        <Alert severity="info">
          Everything in this file is already in Lintel: there is nothing to import.
        </Alert>
      )}
    </Stack>
  );
}

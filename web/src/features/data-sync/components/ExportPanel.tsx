import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { TransferProgress } from '../../../components/TransferProgress.tsx';
import { useDownload } from '../../../components/use-download.ts';
import { exportEverything } from '../api.ts';

/** Everything the company owns as one zip of CSVs, in the templates the import takes. */
export function ExportPanel() {
  const zip = useDownload('The export could not be downloaded.');
  return (
    <Paper variant="outlined" component="section" aria-label="Export" sx={{ p: { xs: 2, sm: 3 } }}>
      <SectionTitle>Export</SectionTitle>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">
          A zip of CSV files with every owner, tenant, property, lease and payment, in the same columns as the
          import templates: a backup, or a move to another system.
        </Typography>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={zip.isDownloading}
          onClick={() => void zip.download((onProgress) => exportEverything(onProgress))}
        >
          Export everything (zip)
        </Button>
        {zip.isDownloading && (
          <TransferProgress progress={zip.progress} waiting="Preparing the export…" verb="Received" />
        )}
        <ErrorAlert message={zip.error} sx={{ alignSelf: 'stretch' }} />
      </Stack>
    </Paper>
  );
}

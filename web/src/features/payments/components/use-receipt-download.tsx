import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Payment } from '@lintel/contracts';
import { useDownload } from '../../../components/use-download.ts';
import { downloadReceipt } from '../api.ts';

/** The payment's receipt PDF: the "Download receipt" button, and its failure for the dialog to show. */
export function useReceiptDownload(payment: Payment) {
  const { download, isDownloading, error } = useDownload('The receipt could not be downloaded.');
  const button = (
    <Button
      onClick={() => void download(() => downloadReceipt(payment))}
      disabled={isDownloading}
      startIcon={isDownloading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
    >
      Download receipt
    </Button>
  );
  return { button, error };
}

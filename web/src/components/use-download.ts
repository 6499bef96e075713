import { useState } from 'react';
import { toApiError, type ProgressListener, type TransferProgress } from '../lib/http.ts';

/**
 * A file download started from a button: whether one is under way (one at a time), which one
 * (`which`, for screens with several buttons), how many bytes have arrived (when the fetch
 * reports them through the listener it is given), and why the last one failed.
 */
export function useDownload<Which extends string = never>(failureText: string) {
  const [pending, setPending] = useState<{ which: Which | undefined } | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (fetchFile: (onProgress: ProgressListener) => Promise<unknown>, which?: Which) => {
    setError(null);
    setProgress(null);
    setPending({ which });
    try {
      await fetchFile(setProgress);
    } catch (failure) {
      setError(toApiError(failure, failureText).message);
    } finally {
      setPending(null);
      setProgress(null);
    }
  };
  return { download, isDownloading: pending !== null, downloading: pending?.which, progress, error };
}

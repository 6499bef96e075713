import { useState } from 'react';
import { toApiError } from '../lib/http.ts';

/**
 * A file download started from a button: whether one is under way (one at a time), which one
 * (`which`, for screens with several buttons), and why the last one failed.
 */
export function useDownload<Which extends string = never>(failureText: string) {
  const [pending, setPending] = useState<{ which: Which | undefined } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (fetchFile: () => Promise<unknown>, which?: Which) => {
    setError(null);
    setPending({ which });
    try {
      await fetchFile();
    } catch (failure) {
      setError(toApiError(failure, failureText).message);
    } finally {
      setPending(null);
    }
  };
  return { download, isDownloading: pending !== null, downloading: pending?.which, error };
}

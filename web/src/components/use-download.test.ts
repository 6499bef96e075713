import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDownload } from './use-download.ts';

/** A download the test finishes by hand. */
function pendingFile() {
  let finish: (failure?: Error) => void = () => undefined;
  const file = new Promise<void>((resolve, reject) => {
    finish = (failure) => (failure === undefined ? resolve() : reject(failure));
  });
  return { file, finish };
}

describe('useDownload', () => {
  it('is busy with the named file until it is saved, then idle without an error', async () => {
    const { result } = renderHook(() => useDownload<'csv' | 'pdf'>('The file could not be downloaded.'));
    const { file, finish } = pendingFile();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.download(() => file, 'pdf');
    });
    expect(result.current.isDownloading).toBe(true);
    expect(result.current.downloading).toBe('pdf');
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.isDownloading).toBe(false);
    expect(result.current.downloading).toBeUndefined();
    expect(result.current.error).toBeNull();
  });

  it('shows why a download failed, the fallback when nothing says, and clears it on the next try', async () => {
    const { result } = renderHook(() => useDownload('The file could not be downloaded.'));
    await act(() => result.current.download(() => Promise.reject(new Error('Receipt not found'))));
    expect(result.current.error).toBe('Receipt not found');
    expect(result.current.isDownloading).toBe(false);

    await act(() => result.current.download(() => Promise.reject(new Error(''))));
    expect(result.current.error).toBe('The file could not be downloaded.');

    const { file, finish } = pendingFile();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.download(() => file);
    });
    expect(result.current.error).toBeNull();
    await act(async () => {
      finish();
      await done;
    });
  });

  it('shows the bytes the fetch reports while it runs, and forgets them when it ends', async () => {
    const { result } = renderHook(() => useDownload('The file could not be downloaded.'));
    const { file, finish } = pendingFile();
    let report: (progress: { loaded: number; total: number | undefined }) => void = () => undefined;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.download((onProgress) => {
        report = onProgress;
        return file;
      });
    });
    expect(result.current.progress).toBeNull();
    act(() => report({ loaded: 100, total: 400 }));
    expect(result.current.progress).toEqual({ loaded: 100, total: 400 });
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.progress).toBeNull();
  });
});

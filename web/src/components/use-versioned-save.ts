import { useState } from 'react';
import { toApiError, type ApiError } from '../lib/http.ts';

/**
 * An add/edit form's save of a versioned record (`__v`) and its Reload after a STALE_VERSION 409:
 * load what the server has now, so the person can redo their change on top of it. A failure shows
 * the server's message, or "The <noun> could not be saved/reloaded." when it carries none.
 * `formDialogProps` go to FormDialog as they are.
 */
export function useVersionedSave<R extends { _id: string; __v: number }>({
  record,
  noun,
  fetchRecord,
  onReloaded,
}: {
  /** The record being edited; null while adding one. */
  record: R | null;
  noun: string;
  fetchRecord: (id: string) => Promise<R>;
  /** Puts the fresh record into the form (and whatever else shows it). */
  onReloaded: (fresh: R) => void;
}) {
  const [version, setVersion] = useState(record?.__v ?? 0);
  const [serverError, setServerError] = useState<ApiError | null>(null);
  const [reloading, setReloading] = useState(false);

  const save = async (send: () => Promise<void>) => {
    setServerError(null);
    try {
      await send();
    } catch (error) {
      setServerError(toApiError(error, `The ${noun} could not be saved. Please try again.`));
    }
  };

  const reload = async () => {
    if (!record) return;
    setReloading(true);
    try {
      const fresh = await fetchRecord(record._id);
      onReloaded(fresh);
      setVersion(fresh.__v);
      setServerError(null);
    } catch (error) {
      setServerError(toApiError(error, `The ${noun} could not be reloaded.`));
    } finally {
      setReloading(false);
    }
  };

  return {
    /** The version to send with an update: the loaded record's, or the reloaded one's. */
    version,
    save,
    reloading,
    formDialogProps: {
      serverError,
      isStale: serverError?.code === 'STALE_VERSION',
      onReload: () => void reload(),
      reloading,
    },
  };
}

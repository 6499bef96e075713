import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/** Calls `clear` the moment the user edits any field, while `active`. */
export function useClearOnEdit<T extends FieldValues>(
  watch: UseFormWatch<T>,
  active: boolean,
  clear: () => void,
) {
  useEffect(() => {
    if (!active) return;
    const subscription = watch(() => clear());
    return () => subscription.unsubscribe();
  }, [active, watch, clear]);
}

/** A server failure shown over a form; it goes away as soon as the user edits a field. */
export function useFormFailure<T extends FieldValues>(watch: UseFormWatch<T>) {
  const [failure, setFailure] = useState<string | null>(null);
  const clear = useCallback(() => setFailure(null), []);
  useClearOnEdit(watch, failure !== null, clear);
  return [failure, setFailure] as const;
}

/**
 * A submit handler that clears the last failure, then shows the new one's message (`fallback` when
 * what was thrown carries none).
 */
export const catchFailure =
  <V>(
    setFailure: (failure: string | null) => void,
    fallback: string,
    send: (values: V) => Promise<unknown>,
  ) =>
  async (values: V) => {
    setFailure(null);
    try {
      await send(values);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : fallback);
    }
  };

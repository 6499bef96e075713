import { useState } from 'react';
import { toApiError } from '../../../lib/http.ts';

/**
 * Money leaves only after a second yes: a valid form is held for confirmation, then sent. A
 * refusal (a 422 such as "more than the balance") goes back to the form, where it can be fixed.
 */
export function useConfirmedSend<V>(
  send: (values: V) => Promise<unknown>,
  onSent: () => void,
  fallback: string,
) {
  const [pending, setPending] = useState<V | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    pending,
    isSending,
    error,
    ask: (values: V) => {
      setError(null);
      setPending(values);
    },
    cancel: () => setPending(null),
    confirm: async () => {
      if (pending === null) return;
      setIsSending(true);
      try {
        await send(pending);
        setPending(null);
        onSent();
      } catch (failure) {
        setPending(null);
        setError(toApiError(failure, fallback).message);
      } finally {
        setIsSending(false);
      }
    },
  };
}

import { useCallback, useState } from 'react';
import { toApiError } from '../lib/http.ts';

/**
 * Which of a page's dialogs is up, and for what. The dialog stays mounted while it closes
 * (`forgetDialog` on its exit), each opening gets a new `dialogKey` so its form starts fresh, and
 * `dialogError` (a failed confirm) is cleared on every opening. `confirmWith` runs a confirmed
 * action: the dialog closes once it succeeds, or shows why it failed (`fallback` when the failure
 * says nothing).
 */
export function useDialogState<D>() {
  const [dialog, setDialog] = useState<D | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const openDialog = useCallback((next: D) => {
    setDialog(next);
    setDialogKey((key) => key + 1);
    setDialogError(null);
    setDialogOpen(true);
  }, []);
  const confirmWith = useCallback(async (action: () => Promise<unknown>, fallback: string) => {
    setDialogError(null);
    try {
      await action();
      setDialogOpen(false);
    } catch (failure) {
      setDialogError(toApiError(failure, fallback).message);
    }
  }, []);
  return {
    dialog,
    dialogOpen,
    dialogKey,
    dialogError,
    setDialogError,
    openDialog,
    confirmWith,
    closeDialog: () => setDialogOpen(false),
    forgetDialog: () => setDialog(null),
  };
}

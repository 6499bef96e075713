import { useCallback, useState } from 'react';

/**
 * Which of a page's dialogs is up, and for what. The dialog stays mounted while it closes
 * (`forgetDialog` on its exit), each opening gets a new `dialogKey` so its form starts fresh, and
 * `dialogError` (a failed confirm) is cleared on every opening.
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
  return {
    dialog,
    dialogOpen,
    dialogKey,
    dialogError,
    setDialogError,
    openDialog,
    closeDialog: () => setDialogOpen(false),
    forgetDialog: () => setDialog(null),
  };
}

import { useEffect, useState } from 'react';
import type * as NotistackModule from 'notistack';

type Notistack = typeof NotistackModule;

/** Messages asked for before the snackbar library has arrived, shown once it has. */
const waiting: string[] = [];
/** Set while a host is mounted: fetches the library (once) and draws its provider. */
let loadHost: (() => void) | null = null;
/** Set once the host's provider is drawn: shows a message at once. */
let deliver: ((message: string) => void) | null = null;

/**
 * A short confirmation at the foot of the screen ("Profile saved"). The snackbar library (about
 * 8 kB gzip) is fetched with the first message, not with the signed-in shell: most screens, and
 * every home, never show one.
 */
export function showSuccess(message: string) {
  if (deliver) deliver(message);
  else {
    waiting.push(message);
    loadHost?.();
  }
}

/** Where `showSuccess` messages appear; drawn once, beside the signed-in screens. */
export function SnackbarHost() {
  const [notistack, setNotistack] = useState<Notistack | null>(null);
  useEffect(() => {
    let mounted = true;
    loadHost = () => {
      void import('notistack').then((module) => {
        if (mounted) setNotistack(module);
      });
    };
    if (waiting.length > 0) loadHost();
    return () => {
      mounted = false;
      loadHost = null;
    };
  }, []);
  if (!notistack) return null;
  return (
    <notistack.SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Deliverer useSnackbar={notistack.useSnackbar} />
    </notistack.SnackbarProvider>
  );
}

function Deliverer({ useSnackbar }: { useSnackbar: Notistack['useSnackbar'] }) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    deliver = (message) => enqueueSnackbar(message, { variant: 'success' });
    for (const message of waiting.splice(0)) deliver(message);
    return () => {
      deliver = null;
    };
  }, [enqueueSnackbar]);
  return null;
}

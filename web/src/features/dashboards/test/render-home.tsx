import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme } from '../../../app/theme.ts';
import { renderAt } from '../../../test/render.tsx';
import type { MockServer } from '../../../test/http-mock.ts';

export const ok = (data: unknown) => ({ status: 200, data: { status: 'success', data } });
export const failure = (status: number, message: string) => ({
  status,
  data: { status: 'error', message, code: 'INTERNAL' },
});

/** A home page under the app's theme, a fresh query cache (no retries) and a router at `path`. */
export function renderHome(path: string, ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    path,
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </ThemeProvider>,
  );
}

/** The dashboard roles a page asked for, in order: a page may only ask for its own. */
export const dashboardRolesAsked = (server: MockServer) =>
  server.calls.filter((call) => call.url.startsWith('/dashboard/')).map((call) => call.url.slice(11));

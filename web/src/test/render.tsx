import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme } from '../app/theme.ts';
import { createQueryClient } from '../lib/query-client.ts';

function LocationDisplay({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  onChange(location);
  return <div data-testid="location">{location.pathname}</div>;
}

/**
 * Renders `ui` under a memory router at `path`, with the current pathname shown beside it. One
 * splat route keeps `ui` mounted across navigations, as the app's root layout route does. The
 * jsdom URL is moved to `path` too: in the app the browser router and window.location agree.
 * `location()` is where the router is now.
 */
export function renderAt(path: string, ui: ReactNode) {
  window.history.replaceState(null, '', path);
  let current: Location | undefined;
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <LocationDisplay onChange={(location) => (current = location)} />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { ...result, location: () => current! };
}

export const currentPath = () => screen.getByTestId('location').textContent;

/** `ui` with a fresh query cache of the app's own defaults, as the signed-in shell gives its screens. */
export const withQueryClient = (ui: ReactNode, client = createQueryClient()) => (
  <QueryClientProvider client={client}>{ui}</QueryClientProvider>
);

/** `ui` with the app's theme and a fresh query cache that does not retry, so a failure shows at once. */
export function withProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </ThemeProvider>
  );
}

import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';

function LocationDisplay() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

/**
 * Renders `ui` under a memory router at `path`, with the current pathname shown beside it. One
 * splat route keeps `ui` mounted across navigations, as the app's root layout route does. The
 * jsdom URL is moved to `path` too: in the app the browser router and window.location agree.
 */
export function renderAt(path: string, ui: ReactNode) {
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationDisplay />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(<RouterProvider router={router} />);
  return { ...result, router };
}

export const currentPath = () => screen.getByTestId('location').textContent;

/** `ui` with a fresh query cache of the app's own defaults, as the signed-in shell gives its screens. */
export const withQueryClient = (ui: ReactNode, client = createQueryClient()) => (
  <QueryClientProvider client={client}>{ui}</QueryClientProvider>
);

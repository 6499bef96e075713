import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { preloadPages } from './app/lazy-page.tsx';
import { AppRoutes, routes } from './app/router.tsx';
import { theme } from './app/theme.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { beginStoredSessionCheck } from './session/index.ts';

// A browser's first currency formatter loads its number data (16–28 ms here, four times that on a
// phone), which would land in the middle of drawing a home's figures. Built while the first calls
// are on the network instead; later formatters, in any currency, take a fraction of a millisecond.
const warmNumberFormat = () =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0);
if ('requestIdleCallback' in window) requestIdleCallback(warmNumberFormat);
else setTimeout(warmNumberFormat, 0);

beginStoredSessionCheck();
for (const match of matchRoutes(routes, window.location) ?? []) preloadPages(match.route.element);

const root = createRoot(document.getElementById('root')!);
// Drawn as a transition, the first screen is built in slices between frames, not in one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ErrorBoundary>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ErrorBoundary>
      </ThemeProvider>
    </StrictMode>,
  ),
);

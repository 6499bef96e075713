import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { preloadPages } from './app/lazy-page.tsx';
import { createAppRouter } from './app/router.tsx';
import { theme } from './app/theme.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';

const router = createAppRouter();
for (const match of router.state.matches) preloadPages(match.route.element);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </ThemeProvider>
  </StrictMode>,
);

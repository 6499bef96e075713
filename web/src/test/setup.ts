import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { api, publicApi } from '../lib/http.ts';

// findBy/waitFor give up after 1 s by default: too short for a lazy MUI dialog on a busy machine.
configure({ asyncUtilTimeout: 5000 });

/** No test may reach the network: a request nobody mocked fails loudly. */
const unmocked = (request: { method: string; url: string }) =>
  Promise.reject(new Error(`Unmocked request: ${request.method} ${request.url}`));

beforeEach(() => {
  api.transport = unmocked;
  publicApi.transport = unmocked;
});

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own clean-up.
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

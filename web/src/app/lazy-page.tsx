import { lazy, Suspense, type ComponentType, type JSX } from 'react';
import { PageSpinner } from '../components/PageSpinner.tsx';

// SPEC §9: a page chunk that has not loaded in 120 seconds has failed.
export const CHUNK_TIMEOUT_MS = 120_000;

export function withTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('This page took too long to load. Check your connection and refresh.')),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('This page could not be loaded.'));
      },
    );
  });
}

/**
 * A page loaded on demand by its file (pages use named exports), with a spinner meanwhile; a failed
 * or timed-out load reaches the error screen.
 */
export function lazyPage<M, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  const Page = lazy(() =>
    withTimeout(load).then((module) => ({ default: module[name] as ComponentType<Props> })),
  );
  return function LazyPage(props: Props & JSX.IntrinsicAttributes) {
    return (
      <Suspense fallback={<PageSpinner label="Loading…" />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

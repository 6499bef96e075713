import {
  Children,
  isValidElement,
  lazy,
  Suspense,
  type ComponentType,
  type JSX,
  type ReactNode,
  useState,
} from 'react';
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
 * or timed-out load reaches the error screen. `preload()` starts the load before the page renders.
 */
export function lazyPage<M, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  // One load per page, as React.lazy keeps one: a preload and the render share it.
  let loading: Promise<M> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module[name] as ComponentType<Props>;
      return module;
    }));
  const Page = lazy(() =>
    withTimeout(loadOnce).then((module) => ({ default: module[name] as ComponentType<Props> })),
  );
  function LazyPage(props: Props & JSX.IntrinsicAttributes) {
    // A page already loaded (preloaded while the session was checked) is drawn at once: through
    // React.lazy its first render would suspend, show the spinner for a frame, and wait for a
    // retry, which React may hold back for up to 300 ms after a fallback. Chosen once, so the page
    // never remounts.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={<PageSpinner label="Loading…" />}>
        <Page {...props} />
      </Suspense>
    );
  }
  LazyPage.preload = () => {
    // A failure is the render's to show, when the page is drawn.
    loadOnce().catch(() => undefined);
  };
  return LazyPage;
}

/**
 * Starts loading every lazy page in a route element (the shell, a guard's page): the pages of
 * the route a browser opens on then load while the session is checked, rather than one after
 * the other once it is (on a phone each chunk-and-call round trip costs about 150 ms).
 */
export function preloadPages(element: ReactNode) {
  Children.forEach(element, (child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return;
    (child.type as { preload?: () => void }).preload?.();
    preloadPages(child.props.children);
  });
}

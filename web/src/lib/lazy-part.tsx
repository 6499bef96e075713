import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Draws nothing once its part has failed, and says so once, instead of taking the page down. */
class FailedPartBoundary extends Component<
  { onFailed: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('A part of the page could not be shown', error);
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A component whose code comes on its first use (a menu's list, a dialog), from a module's named
 * export, so the page that shows its button does not carry it. `preload()` starts the load early,
 * when a pointer or the keyboard reaches the button. A failed load (a phone that lost its
 * connection) shows nothing and calls `onFailed`, so the caller can close what it opened; the next
 * mount loads again. A page's own chunk failing is the error screen (SPEC §9); a menu's is not.
 */
export function lazyPart<M, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  let loading: Promise<M> | undefined;
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  // React keeps a lazy component's failure for good, so a failed one is replaced for the next try.
  const freshLazy = () =>
    lazy(() => loadOnce().then((module) => ({ default: module[name] as ComponentType<Props> })));
  let Loaded = freshLazy();
  function Part({ onFailed, ...props }: Props & { onFailed: () => void }) {
    return (
      <FailedPartBoundary
        onFailed={() => {
          Loaded = freshLazy();
          onFailed();
        }}
      >
        <Suspense fallback={null}>
          <Loaded {...(props as Props & object)} />
        </Suspense>
      </FailedPartBoundary>
    );
  }
  return Object.assign(Part, { preload: () => void loadOnce().catch(() => {}) });
}

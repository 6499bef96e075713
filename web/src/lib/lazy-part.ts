import { lazy, type ComponentType } from 'react';

/**
 * A component whose code comes on its first use (a menu's list, a dialog), from a module's named
 * export, so the page that shows its button does not carry it. `preload()` starts the load early,
 * when a pointer or the keyboard reaches the button; a failed load is tried again on next use.
 */
export function lazyPart<M, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  let loading: Promise<M> | undefined;
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Part = lazy(() => loadOnce().then((module) => ({ default: module[name] as ComponentType<Props> })));
  return Object.assign(Part, { preload: () => void loadOnce().catch(() => {}) });
}

import { useCallback, useState } from 'react';

/** How far below the screen an element counts as near: it starts drawing before it scrolls in. */
const NEAR_MARGIN = '200px';

/**
 * Whether an element has come near the screen, for content whose code and first draw can wait until
 * someone scrolls to it (they keep the page's first load short). Attach the ref to a placeholder
 * that holds the content's place. Without IntersectionObserver (jsdom) it is near at once.
 */
export function useNearView(): [ref: (element: Element | null) => (() => void) | undefined, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: Element | null) => {
      if (!element || near) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setNear(true);
        },
        { rootMargin: NEAR_MARGIN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near],
  );
  return [ref, near];
}

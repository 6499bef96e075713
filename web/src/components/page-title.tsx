import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';

/** What a route may carry in its `handle`: the name its browser tab shows (WCAG 2.4.2). */
export interface RouteHandle {
  title?: string;
}

const SetDetailTitle = createContext<(title: string | undefined) => void>(() => undefined);

/**
 * Names the browser tab "<screen> · Lintel": the deepest route's `handle.title`, unless the page
 * open now gives a more precise one (usePageTitle: a property's name, say).
 */
export function PageTitleProvider({ routes, children }: { routes: RouteObject[]; children: ReactNode }) {
  const { pathname } = useLocation();
  const [detailTitle, setDetailTitle] = useState<string>();
  const routeTitle = useMemo(
    () =>
      (matchRoutes(routes, pathname) ?? [])
        .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
        .findLast((title) => title !== undefined),
    [routes, pathname],
  );
  const title = detailTitle ?? routeTitle;
  useEffect(() => {
    document.title = title ? `${title} · Lintel` : 'Lintel';
  }, [title]);
  return <SetDetailTitle.Provider value={setDetailTitle}>{children}</SetDetailTitle.Provider>;
}

/** A page refines its route's title while it is open (undefined: the route's title stands). */
export function usePageTitle(title: string | undefined) {
  const setDetailTitle = useContext(SetDetailTitle);
  useEffect(() => {
    setDetailTitle(title);
    return () => setDetailTitle(undefined);
  }, [title, setDetailTitle]);
}

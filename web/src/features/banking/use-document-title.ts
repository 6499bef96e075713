import { useEffect } from 'react';

/** The browser tab names the page while it is open. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Lintel`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at the top (a change of only the query string, e.g. an admin tab, does not scroll). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
  }, [pathname]);
  return null;
}

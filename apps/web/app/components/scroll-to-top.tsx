import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The page scrolls to the top on every navigation (SPEC.md section 2). */
export function ScrollToTop() {
  const { key } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
  return null;
}

import { useEffect, useState, type RefObject } from 'react';
import { useInBrowser } from './use-in-browser.ts';

/**
 * Becomes true (and stays true) once the element scrolls within `margin` of the viewport:
 * heavy content below the fold loads only when the reader gets close to it. Browsers without
 * IntersectionObserver simply load the content at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  // A page drawn on the server is drawn far (and taken over as it is drawn).
  const inBrowser = useInBrowser();
  const [seen, setSeen] = useState(false);
  const near = seen || (inBrowser && typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);

  return near;
}

import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true (and stays true) once the element scrolls within `margin` of the viewport:
 * heavy content below the fold loads only when the reader gets close to it.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  // Browsers without IntersectionObserver simply load the content at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);

  return near;
}

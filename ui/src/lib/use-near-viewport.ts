import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

const subscribeToNothing = () => () => {};
const canObserve = () => typeof IntersectionObserver !== 'undefined';
// A page drawn on the server is drawn far (and taken over as it is drawn).
const drawnOnServer = () => true;

/**
 * Becomes true (and stays true) once the element scrolls within `margin` of the viewport:
 * heavy content below the fold loads only when the reader gets close to it. Browsers without
 * IntersectionObserver simply load the content at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const observing = useSyncExternalStore(subscribeToNothing, canObserve, drawnOnServer);
  const [seen, setSeen] = useState(false);
  const near = seen || !observing;

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

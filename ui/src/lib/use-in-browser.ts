import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};
const inBrowser = () => true;
const drawnOnServer = () => false;

/**
 * False while the UI server draws a page and while the browser takes that page over (its first
 * render must match what was drawn), true from then on: what only the browser can know (the
 * session, the viewport) waits for it.
 */
export const useInBrowser = (): boolean => useSyncExternalStore(subscribeToNothing, inBrowser, drawnOnServer);

import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';

type RouteModule<P> = { default: ComponentType<P> };

/**
 * A lazily loaded route that can be loaded ahead (`preload`). Loaded before its first render, it
 * renders at once: React's lazy takes an answer handed over synchronously, where a settled import()
 * would still suspend it for a turn of the event loop (a spinner painted, then the page).
 */
export function preloadableRoute<P extends object>(load: () => Promise<RouteModule<P>>) {
  let loaded: RouteModule<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
    });
  const Route = lazy(() =>
    loaded
      ? // A thenable, not a Promise: its callback runs now.
        ({ then: (resolve: (module: RouteModule<P>) => void) => resolve(loaded!) } as Promise<RouteModule<P>>)
      : load(),
  );
  return { Route, preload };
}

/** What a landing route needs before its first render: its code, and its first read in the cache. */
export type LandingPreparation = (queryClient: QueryClient, search: string) => Promise<unknown>;

/**
 * Prepares the route at `path`, if it is a landing route, before the app's first render, so the
 * first paint is the page itself (the listing and its photos) rather than a spinner, placeholders
 * and then the page. Waits at most `patience` ms: a slow service gets the placeholders. Never
 * fails: the app then renders and says what went wrong its own way.
 */
export async function prepareLanding(
  preparations: Readonly<Record<string, LandingPreparation>>,
  path: string,
  search: string,
  queryClient: QueryClient,
  patience = 400,
): Promise<void> {
  const prepare = preparations[path];
  if (!prepare) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    prepare(queryClient, search).catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, patience))),
  ]);
  clearTimeout(timer);
}

// The server's entry (a build of its own, `vite build --ssr`): the landing pages drawn as HTML with
// their first reads in it, so a phone paints the page while the app's scripts are still on the way.
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/app.tsx';
import { landingPreparations } from './app/router.tsx';
import { availableCouponsQueryOptions } from './features/home/api/get-available-coupons.ts';
import { i18next, languages, type Language } from './i18n/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { LandingPreparation } from './app/landing-route.ts';

export type { Language };
export { prerenderedLanguageAttribute, prerenderedStateId } from './app/prerendered.ts';

/** What a landing page needs in the cache to be drawn whole: the listing's page, the coupons. */
const preparations: Readonly<Record<string, LandingPreparation>> = {
  ...landingPreparations,
  '/': (queryClient) => queryClient.prefetchQuery(availableCouponsQueryOptions()),
};

/** The paths drawn on the server; any other is left to the browser. */
export const prerenderedPaths: readonly string[] = Object.keys(preparations);

export interface Prerendered {
  /** The markup of #root. */
  html: string;
  /** The reads it was drawn from, for the browser's cache (hydrate(), from @tanstack/react-query). */
  state: DehydratedState;
}

const ready = i18next.loadLanguages([...languages]);

/**
 * The page at `path` (with its `search`) as the visitor's browser first draws it: a visitor's
 * (the session is the browser's to know), in `language`. Null when it is not a landing page or a
 * read failed: the browser then draws it itself and says what went wrong its own way.
 */
export async function prerender(
  path: string,
  search: string,
  language: Language,
): Promise<Prerendered | null> {
  const prepare = preparations[path];
  if (!prepare) return null;
  await ready;
  const queryClient = createQueryClient({ retry: false });
  await prepare(queryClient, search);
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  )
    return null;
  // Drawn in one synchronous turn: the language is the shared instance's, set just before.
  void i18next.changeLanguage(language);
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient} location={{ ssrPath: path, ssrSearch: search }} />
    </StrictMode>,
  );
  const state = dehydrate(queryClient);
  queryClient.clear();
  return { html, state };
}

import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dataBlockJson } from './data-block.ts';
import type { UiRuntimeConfig } from './ui-security.ts';

type Language = 'en' | 'bn';

/** What the UI's server build (ui/src/prerender.tsx) exports. */
interface PrerenderModule {
  prerender(
    path: string,
    search: string,
    language: Language,
  ): Promise<{ html: string; state: unknown } | null>;
  prerenderedPaths: readonly string[];
  prerenderedStateId: string;
  prerenderedLanguageAttribute: string;
}

/** Draws a landing page into index.html, or says null (not one, or it could not be drawn in time). */
export type DrawPage = (request: IncomingMessage) => Promise<string | null>;
/** The drawing of pages into the server's index.html (given once: it does not change). */
export type DrawPagesInto = (index: string) => DrawPage;

/** How long a page may take to draw before the browser is left to draw it (its reads are local). */
const patienceMs = 500;
/**
 * Pages drawn at once, at most: a flood of requests costs the server a static file each beyond
 * them, not a read and a render each.
 */
const maxDrawing = 8;

/** Where the UI's build puts its server entry (ui's build script): a dot folder, never served. */
export const prerenderDir = '.prerender';

/**
 * The landing pages drawn on the server from the UI's server build in `distDir`: null when there is
 * none (an older build), and the browser draws every page itself, as before.
 */
export async function loadPrerenderedPages(
  distDir: string,
  config: UiRuntimeConfig,
  queryUrlFromHere?: string,
): Promise<DrawPagesInto | null> {
  const entry = join(distDir, prerenderDir, 'prerender.js');
  if (!existsSync(entry)) return null;
  // The app, drawn here, reads its settings from here (in the browser: from the page), and its
  // reads go to the query-service's address from here when that is not the browser's.
  (globalThis as { __BUILDING_CONFIG__?: Record<string, string> }).__BUILDING_CONFIG__ = queryUrlFromHere
    ? { ...config, UI_SERVER_QUERY_URL: queryUrlFromHere }
    : config;
  const drawn = (await import(pathToFileURL(entry).href)) as PrerenderModule;
  // A first drawing loads and compiles what drawing needs (a few hundred ms): done now, not on a
  // visitor's time (it draws nothing if the query-service is not up yet).
  void drawn.prerender('/', '', 'en').catch(() => null);
  const paths = new Set(drawn.prerenderedPaths);
  let drawing = 0;
  return (index) => {
    const styled = withStylesheetsInline(index, distDir);
    return (request) => draw(styled, request);
  };

  async function draw(index: string, request: IncomingMessage): Promise<string | null> {
    const url = new URL(request.url ?? '/', 'http://ui');
    if (!paths.has(url.pathname) || drawing >= maxDrawing) return null;
    const language = languageOf(request);
    let timer: NodeJS.Timeout | undefined;
    drawing += 1;
    const page = await Promise.race([
      drawn.prerender(url.pathname, url.search.slice(1), language).catch(() => null),
      new Promise<null>((resolve) => (timer = setTimeout(resolve, patienceMs, null))),
    ]).finally(() => {
      drawing -= 1;
      clearTimeout(timer);
    });
    if (!page) return null;
    const state = dataBlockJson(page.state);
    return index.replace(/<html lang="[^"]*"/, `<html lang="${language}"`).replace(
      '<div id="root"></div>',
      // A function, so a `$&` or `$'` in what people wrote is not read as a pattern.
      () =>
        `<div id="root" ${drawn.prerenderedLanguageAttribute}="${language}">${page.html}</div>` +
        `<script type="application/json" id="${drawn.prerenderedStateId}">${state}</script>`,
    );
  }
}

/**
 * The page's stylesheets written into it: a drawn page is painted as soon as it and its styles are
 * here, and on a phone's slow link a stylesheet fetched beside the app's scripts arrives late (they
 * share the bandwidth). Landing pages only: every later page is the app's, with the cached file.
 * (Vite writes the sheet's own URLs from the root, so they read the same from the page.)
 */
function withStylesheetsInline(index: string, distDir: string): string {
  return index.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const path = join(distDir, file);
      const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
      // A sheet that could close the element stays a link.
      return text && !/<\/style/i.test(text) ? `<style>${text}</style>` : tag;
    },
  );
}

/**
 * The reader's language as the app will find it: the choice it remembers in the `language` cookie,
 * else the first of the browser's languages we have (Accept-Language lists them as the browser's
 * `navigator.languages` does), else English.
 */
export function languageOf(request: Pick<IncomingMessage, 'headers'>): Language {
  const cookie = /(?:^|;\s*)language=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  const wanted = [
    ...(cookie ? [cookie] : []),
    ...String(request.headers['accept-language'] ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim()),
  ];
  for (const code of wanted) {
    const primary = code.split('-')[0]!.toLowerCase();
    if (primary === 'bn' || primary === 'en') return primary;
  }
  return 'en';
}

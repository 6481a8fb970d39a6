import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
export type DrawPage = (index: string, request: IncomingMessage) => Promise<string | null>;

/** How long a page may take to draw before the browser is left to draw it (its reads are local). */
const patienceMs = 500;

/** Where the UI's build puts its server entry (ui's build script): a dot folder, never served. */
export const prerenderDir = '.prerender';

/**
 * The landing pages drawn on the server from the UI's server build in `distDir`: null when there is
 * none (an older build), and the browser draws every page itself, as before.
 */
export async function loadPrerenderedPages(
  distDir: string,
  config: UiRuntimeConfig,
): Promise<DrawPage | null> {
  const entry = join(distDir, prerenderDir, 'prerender.js');
  if (!existsSync(entry)) return null;
  // The app reads its settings where the browser finds /config.js's.
  (globalThis as { __BUILDING_CONFIG__?: UiRuntimeConfig }).__BUILDING_CONFIG__ = config;
  const drawn = (await import(pathToFileURL(entry).href)) as PrerenderModule;
  const paths = new Set(drawn.prerenderedPaths);
  return async (index, request) => {
    const url = new URL(request.url ?? '/', 'http://ui');
    if (!paths.has(url.pathname)) return null;
    const language = languageOf(request);
    let timer: NodeJS.Timeout | undefined;
    const page = await Promise.race([
      drawn.prerender(url.pathname, url.search.slice(1), language).catch(() => null),
      new Promise<null>((resolve) => (timer = setTimeout(resolve, patienceMs, null))),
    ]);
    clearTimeout(timer);
    if (!page) return null;
    // JSON in a data block: `<` escaped, so no text in it can close the element.
    const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
    return index
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" ${drawn.prerenderedLanguageAttribute}="${language}">${page.html}</div>` +
          `<script type="application/json" id="${drawn.prerenderedStateId}">${state}</script>`,
      );
  };
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

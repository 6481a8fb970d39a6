import type { DehydratedState } from '@tanstack/react-query';
import { languages, type Language } from '../i18n/i18n.ts';
import { readDataBlock } from '../lib/data-block.ts';

/** The element of the UI server's page that carries the reads a prerendered page was drawn from. */
export const prerenderedStateId = 'prerendered-state';
/** The attribute of #root that says a page was drawn on the server, and in which language. */
export const prerenderedLanguageAttribute = 'data-prerendered';

/**
 * The page the UI server drew in #root and the reads it drew it from, when there is one in the
 * language the reader wants now (a choice made before the language cookie existed may differ: that
 * page is drawn again, not hydrated).
 */
export function prerenderedPage(root: HTMLElement, wanted: Language): DehydratedState | null {
  const language = root.getAttribute(prerenderedLanguageAttribute);
  if (!languages.includes(language as Language) || language !== wanted) return null;
  return readDataBlock<DehydratedState>(prerenderedStateId);
}

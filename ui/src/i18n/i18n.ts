import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import type { BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';

export const languages = ['en', 'bn'] as const;
export type Language = (typeof languages)[number];

/** Where the reader's choice is remembered (the browser's language decides the first visit). */
export const languageStorageKey = 'language';

/**
 * Bangla's dictionary is a chunk of its own, fetched only for a Bangla reader (before the first
 * page) or on the switch: an English reader's first page does not wait for words it never shows.
 * English, the fallback, ships with the app.
 */
const lazyDictionaries: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language !== 'bn') return callback(null, {});
    import('./bn.ts').then(
      ({ bn }) => callback(null, bn),
      (error: Error) => callback(error, false),
    );
  },
};

/** Settles once the reader's language has its words (at once for English). */
export const i18nReady: Promise<unknown> = i18next
  .use(LanguageDetector)
  .use(lazyDictionaries)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    supportedLngs: languages,
    fallbackLng: 'en',
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    detection: {
      // The cookie tells the UI server which language to draw a page in before the app runs.
      order: ['localStorage', 'cookie', 'navigator'],
      lookupLocalStorage: languageStorageKey,
      lookupCookie: languageStorageKey,
      caches: ['localStorage', 'cookie'],
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
    initAsync: false,
  });

/** The page's language follows the reader's, for screen readers and fonts. */
const markDocument = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
/** Ours of a language code: a browser asks for `bn-BD` or `en-GB`. */
const languageOf = (code: string | undefined): Language => (code?.split('-')[0] === 'bn' ? 'bn' : 'en');

/** The language the reader chose or the browser asks for, known before its words have arrived. */
export const wantedLanguage = (): Language => languageOf(i18next.languages?.[0]);

// The reader's language from the start, not English until Bangla's words have arrived: the first
// render waits for them, and a screen reader or a test reading the page's language meanwhile is told
// the page it is about to get.
markDocument(wantedLanguage());
i18next.on('languageChanged', (code: string) => markDocument(languageOf(code)));

export const currentLanguage = (): Language => languageOf(i18next.resolvedLanguage);

/** A text outside React (validation, thrown errors), in the reader's language now. */
export const translate = (key: string | string[], options: Record<string, unknown> = {}): string =>
  i18next.t(key, options);

export { i18next };

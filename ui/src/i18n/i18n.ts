import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { bn } from './bn.ts';
import { en } from './en.ts';

export const languages = ['en', 'bn'] as const;
export type Language = (typeof languages)[number];

/** Where the reader's choice is remembered (the browser's language decides the first visit). */
export const languageStorageKey = 'language';

void i18next
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, bn: { translation: bn } },
    supportedLngs: languages,
    fallbackLng: 'en',
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: languageStorageKey,
      caches: ['localStorage'],
    },
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
    initAsync: false,
  });

/** The page's language follows the reader's, for screen readers and fonts. */
const markDocument = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
markDocument(i18next.resolvedLanguage ?? 'en');
i18next.on('languageChanged', markDocument);

export const currentLanguage = (): Language => (i18next.resolvedLanguage === 'bn' ? 'bn' : 'en');

/** A text outside React (validation, thrown errors), in the reader's language now. */
export const translate = (key: string | string[], options: Record<string, unknown> = {}): string =>
  i18next.t(key, options);

export { i18next };

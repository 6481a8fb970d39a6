import { useTranslation } from 'react-i18next';
import { bengaliFontReady } from '../lib/bengali-font.ts';

/**
 * Switches between English and Bangla once the Bengali font and Bangla's words (a chunk of their
 * own) are there, fetched side by side; i18next remembers the choice in the browser.
 */
export function LanguageSwitch({ className = 'button is-small is-light' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const next = i18n.resolvedLanguage === 'bn' ? 'en' : 'bn';
  return (
    <button
      type="button"
      className={className}
      lang={next}
      aria-label={t('language.switchLabel')}
      onClick={() =>
        void (
          next === 'bn' ? Promise.all([bengaliFontReady(), i18n.loadLanguages(next)]) : Promise.resolve()
        ).then(() => i18n.changeLanguage(next))
      }
    >
      {t('language.switchTo')}
    </button>
  );
}

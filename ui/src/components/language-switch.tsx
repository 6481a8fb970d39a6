import { useTranslation } from 'react-i18next';

/** Switches between English and Bangla; i18next remembers the choice in the browser. */
export function LanguageSwitch({ className = 'button is-small is-light' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const next = i18n.resolvedLanguage === 'bn' ? 'en' : 'bn';
  return (
    <button
      type="button"
      className={className}
      lang={next}
      aria-label={t('language.switchLabel')}
      onClick={() => void i18n.changeLanguage(next)}
    >
      {t('language.switchTo')}
    </button>
  );
}

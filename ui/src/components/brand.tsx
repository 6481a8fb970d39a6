import { useTranslation } from 'react-i18next';

/** The product's name: two words, the second highlighted. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <span className="brand">
      <img src="/images/logo.svg" alt="" width={32} height={32} className="brand-logo" />
      <span className="brand-text">
        {t('brand.first')} <span className="brand-highlight">{t('brand.second')}</span>
      </span>
    </span>
  );
}

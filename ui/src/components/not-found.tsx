import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="section">
      <div className="container has-text-centered">
        <h1 className="title is-2">{t('errors.notFound')}</h1>
        <p className="subtitle mt-2">{t('errors.notFoundBody')}</p>
        <Link href="/" className="button is-primary">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}

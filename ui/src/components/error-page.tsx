import { useTranslation } from 'react-i18next';

interface ErrorPageProps {
  onBackHome: () => void;
}

/** The root error page: something broke while showing a route. */
export function ErrorPage({ onBackHome }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <section className="hero is-fullheight">
      <div className="hero-body">
        <div className="container has-text-centered">
          <h1 className="title is-2">{t('errors.title')}</h1>
          <p className="subtitle mt-2">{t('errors.body')}</p>
          <button type="button" className="button is-primary" onClick={onBackHome}>
            {t('common.backHome')}
          </button>
        </div>
      </div>
    </section>
  );
}

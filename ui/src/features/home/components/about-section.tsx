import { useTranslation } from 'react-i18next';
import { SectionTitle } from '../../../components/section-title.tsx';

export function AboutSection() {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="about-title">
      <SectionTitle id="about-title" heading={t('home.about')} />
      <div className="container content is-medium about-text">
        <p>{t('home.about1')}</p>
        <p>{t('home.about2')}</p>
      </div>
    </section>
  );
}

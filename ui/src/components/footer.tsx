import { useTranslation } from 'react-i18next';
import { Brand } from './brand.tsx';
import { SocialIcons } from './social-icons.tsx';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer site-footer">
      <div className="container">
        <div className="columns is-vcentered">
          <div className="column">
            <Brand />
            <address className="mt-3">
              {t('footer.address1')}
              <br />
              {t('footer.address2')}
            </address>
          </div>
          <div className="column has-text-centered-mobile has-text-right-tablet">
            <h2 className="title is-5 mb-3">{t('footer.connect')}</h2>
            <SocialIcons />
          </div>
        </div>
        <p className="has-text-centered is-size-7 mt-5">{t('footer.rights')}</p>
      </div>
    </footer>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

/** Navbar, the page, footer: the frame of every public page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <Navbar />
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

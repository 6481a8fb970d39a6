import type { ReactNode } from 'react';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

/** Navbar, the page, footer: the frame of every public page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

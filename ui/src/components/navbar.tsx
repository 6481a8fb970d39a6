import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useAuth } from '../lib/auth.tsx';
import { loginPath } from '../lib/redirect.ts';
import { Brand } from './brand.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { UserMenu } from './user-menu.tsx';

// Shown to signed-in people only, so loaded when shown: a visitor's first paint then carries
// neither the bell nor the notifications contract behind it (the full zod and the event catalogue).
const NotificationBell = lazy(() =>
  import('./notification-bell.tsx').then((m) => ({ default: m.NotificationBell })),
);

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const active = location === href;
  return (
    <Link href={href} className="navbar-item nav-link" aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** The public top bar: brand, Home and Apartment, then Login or the user's menu. */
export function Navbar() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  // The burger menu closes by itself when the page changes.
  const menuOpen = menuOpenAt === location;
  const onAuthPage = /^\/(login|signup)/i.test(location);

  return (
    <nav className="navbar has-shadow is-spaced" aria-label={t('nav.main')}>
      <div className="container">
        <div className="navbar-brand">
          <Link href="/" className="navbar-item" aria-label={t('brand.home')}>
            <Brand />
          </Link>
          {user && !loading ? (
            <Suspense fallback={null}>
              <NotificationBell email={user.email} className="is-hidden-desktop" />
            </Suspense>
          ) : null}
          <button
            type="button"
            className={`navbar-burger${menuOpen ? ' is-active' : ''}`}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onClick={() => setMenuOpenAt(menuOpen ? null : location)}
          >
            <span aria-hidden="true" />
            <span aria-hidden="true" />
            <span aria-hidden="true" />
            <span aria-hidden="true" />
          </button>
        </div>
        <div id="main-menu" className={`navbar-menu${menuOpen ? ' is-active' : ''}`}>
          <div className="navbar-start">
            <NavLink href="/">{t('nav.home')}</NavLink>
            <NavLink href="/apartment">{t('nav.apartment')}</NavLink>
          </div>
          <div className="navbar-end">
            <div className="navbar-item">
              <LanguageSwitch />
            </div>
            {loading ? null : user ? (
              <>
                <Suspense fallback={null}>
                  <NotificationBell email={user.email} className="is-hidden-touch" />
                </Suspense>
                <UserMenu user={user} />
              </>
            ) : (
              <div className="navbar-item">
                <Link
                  href={
                    // On the sign-up page the origin is already in the query: keep it.
                    onAuthPage
                      ? `/login${search ? `?${search}` : ''}`
                      : loginPath(search ? `${location}?${search}` : location)
                  }
                  className="button is-primary"
                >
                  {t('nav.login')}
                </Link>
              </div>
            )}
          </div>
        </div>
      </div>
    </nav>
  );
}

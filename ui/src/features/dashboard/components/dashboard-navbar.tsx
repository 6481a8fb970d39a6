import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Link } from 'wouter';
import { Brand } from '../../../components/brand.tsx';
import { NotificationBell } from '../../../components/notification-bell.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useLogOut } from '../../../lib/use-log-out.ts';

interface DashboardNavbarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** The dashboard's top bar: the menu toggle (small screens), the logo, Home (not on phones: the logo is home) and Logout. */
export function DashboardNavbar({ menuOpen, onToggleMenu }: DashboardNavbarProps) {
  const { t } = useTranslation();
  const onLogout = useLogOut();
  const { user } = useAuth();
  return (
    <nav className="navbar has-shadow dashboard-navbar" aria-label={t('dashboard.navigation')}>
      <div className="navbar-brand">
        <button
          type="button"
          className="button is-white dashboard-menu-toggle is-hidden-desktop"
          aria-label={menuOpen ? t('dashboard.closeMenu') : t('dashboard.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="dashboard-sidebar"
          onClick={onToggleMenu}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <Link href="~/" className="navbar-item" aria-label={t('brand.home')}>
          <Brand />
        </Link>
      </div>
      <div className="navbar-end is-flex">
        {user ? <NotificationBell email={user.email} /> : null}
        <div className="navbar-item">
          <LanguageSwitch />
        </div>
        <Link href="~/" className="navbar-item dashboard-home-link">
          {t('nav.home')}
        </Link>
        <div className="navbar-item">
          <button type="button" className="button is-light" onClick={() => void onLogout()}>
            {t('nav.logout')}
          </button>
        </div>
      </div>
    </nav>
  );
}

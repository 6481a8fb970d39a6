import { useTranslation } from 'react-i18next';
import './dashboard-layout.css';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { QueryStatus } from '../../../components/query-status.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useRoles, type Roles } from '../../../lib/use-roles.ts';
import { DashboardNavbar } from '../components/dashboard-navbar.tsx';
import { Sidebar } from '../components/sidebar.tsx';

interface DashboardLayoutProps {
  /** The 'Announcements (N)' count: those not seen yet. */
  announcementCount: number | undefined;
  /** The page, given the resolved roles. */
  children: (roles: Roles) => ReactNode;
}

/** The dashboard's frame: top bar, the sidebar by role, and the page. */
export function DashboardLayout({ announcementCount, children }: DashboardLayoutProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const roles = useRoles(user?.email);
  const [location] = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  // On small screens the menu closes by itself once a page is chosen.
  const menuOpen = menuOpenAt === location;

  return (
    <div className="dashboard">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <DashboardNavbar menuOpen={menuOpen} onToggleMenu={() => setMenuOpenAt(menuOpen ? null : location)} />
      {roles.isLoading ? (
        <Spinner label={t('dashboard.loading')} />
      ) : roles.isError ? (
        // Without the roles there is no knowing which pages to offer: say so, as the public pages do.
        <main className="dashboard-main" id="main" tabIndex={-1}>
          <QueryStatus what={t('dashboard.what')} query={{ ...roles, isPending: false }}>
            {null}
          </QueryStatus>
        </main>
      ) : (
        <div className="dashboard-body">
          <div id="dashboard-sidebar" className={`dashboard-sidebar${menuOpen ? ' is-open' : ''}`}>
            <Sidebar roles={roles} announcementCount={announcementCount} />
          </div>
          <main className="dashboard-main" id="main" tabIndex={-1}>
            {children(roles)}
          </main>
        </div>
      )}
    </div>
  );
}

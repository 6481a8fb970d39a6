import './dashboard-layout.css';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '../../../components/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useRoles, type Roles } from '../../../lib/use-roles.ts';
import { useLiveViews } from '../api/use-live-views.ts';
import { DashboardNavbar } from '../components/dashboard-navbar.tsx';
import { Sidebar } from '../components/sidebar.tsx';

interface DashboardLayoutProps {
  /** The member's 'Announcements (N)' count. */
  announcementCount: number | undefined;
  /** The page, given the resolved roles. */
  children: (roles: Roles) => ReactNode;
}

/** The dashboard's frame: top bar, the sidebar by role, and the page; live while open. */
export function DashboardLayout({ announcementCount, children }: DashboardLayoutProps) {
  const { user } = useAuth();
  const roles = useRoles(user?.email);
  const [location] = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  // On small screens the menu closes by itself once a page is chosen.
  const menuOpen = menuOpenAt === location;
  useLiveViews(Boolean(user));

  return (
    <div className="dashboard">
      <DashboardNavbar menuOpen={menuOpen} onToggleMenu={() => setMenuOpenAt(menuOpen ? null : location)} />
      {roles.isLoading ? (
        <Spinner label="Loading your dashboard…" />
      ) : (
        <div className="dashboard-body">
          <div id="dashboard-sidebar" className={`dashboard-sidebar${menuOpen ? ' is-open' : ''}`}>
            <Sidebar roles={roles} announcementCount={announcementCount} />
          </div>
          <main className="dashboard-main" id="main">
            {children(roles)}
          </main>
        </div>
      )}
    </div>
  );
}

import { Link } from 'wouter';
import { Brand } from '../../../components/brand.tsx';
import { useLogOut } from '../../../lib/use-log-out.ts';

interface DashboardNavbarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** The dashboard's top bar: the menu toggle (small screens), the logo, Home and Logout. */
export function DashboardNavbar({ menuOpen, onToggleMenu }: DashboardNavbarProps) {
  const onLogout = useLogOut();
  return (
    <nav className="navbar has-shadow dashboard-navbar" aria-label="Dashboard navigation">
      <div className="navbar-brand">
        <button
          type="button"
          className="button is-white dashboard-menu-toggle is-hidden-desktop"
          aria-label={menuOpen ? 'Close dashboard menu' : 'Open dashboard menu'}
          aria-expanded={menuOpen}
          aria-controls="dashboard-sidebar"
          onClick={onToggleMenu}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <Link href="~/" className="navbar-item" aria-label="Gulshan Heights, home">
          <Brand />
        </Link>
      </div>
      <div className="navbar-end is-flex">
        <Link href="~/" className="navbar-item">
          Home
        </Link>
        <div className="navbar-item">
          <button type="button" className="button is-light" onClick={() => void onLogout()}>
            Logout
          </button>
        </div>
      </div>
    </nav>
  );
}

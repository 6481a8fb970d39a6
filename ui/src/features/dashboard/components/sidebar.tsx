import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { Roles } from '../../../lib/use-roles.ts';

function Item({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const active = location === href;
  return (
    <li>
      <Link
        href={href}
        className={active ? 'is-active' : undefined}
        aria-current={active ? 'page' : undefined}
      >
        {children}
      </Link>
    </li>
  );
}

interface SidebarProps {
  roles: Roles;
  /** How many announcements there are, once known. */
  announcementCount: number | undefined;
}

/** The dashboard's menu: one section per role the user holds. */
export function Sidebar({ roles, announcementCount }: SidebarProps) {
  const count = announcementCount === undefined ? '' : ` (${announcementCount})`;
  // A signed-in user with no admin or member role is a plain user.
  const isUser = roles.isUser || (!roles.isAdmin && !roles.isMember);
  return (
    <aside className="menu dashboard-menu">
      {roles.isAdmin && (
        <>
          <p className="menu-label">Admin Dashboard</p>
          <ul className="menu-list">
            <Item href="/adminProfile">Admin Profile</Item>
            <Item href="/manageMember">Manage Members</Item>
            <Item href="/makeAnnouncement">Make Announcement</Item>
            <Item href="/agreementRequest">Agreement Requests</Item>
            <Item href="/manageCoupon">Manage Coupons</Item>
            <Item href="/auditLog">Audit Log</Item>
          </ul>
        </>
      )}
      {roles.isMember && (
        <>
          <p className="menu-label">Member Dashboard</p>
          <ul className="menu-list">
            <Item href="/memberProfile">My Profile</Item>
            <Item href="/memberPayment">Make Payment</Item>
            <Item href="/paymentHistory">Payment History</Item>
            <Item href="/announcements">{`Announcements${count}`}</Item>
          </ul>
        </>
      )}
      {isUser && (
        <>
          <p className="menu-label">User Dashboard</p>
          <ul className="menu-list">
            <Item href="/userProfile">My Profile</Item>
            <Item href="/announcements">{`Announcements${count}`}</Item>
          </ul>
        </>
      )}
    </aside>
  );
}

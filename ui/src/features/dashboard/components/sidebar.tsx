import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
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
  /** How many announcements the person has not seen yet, once known. */
  announcementCount: number | undefined;
}

/** The dashboard's menu: one section per role the user holds. */
export function Sidebar({ roles, announcementCount }: SidebarProps) {
  const { t } = useTranslation();
  const announcements = !announcementCount
    ? t('dashboard.announcements')
    : t('dashboard.announcementsCount', { count: formatNumber(announcementCount) });
  // A signed-in user with no admin or member role is a plain user.
  const isUser = roles.isUser || (!roles.isAdmin && !roles.isMember);
  return (
    <aside className="menu dashboard-menu">
      {roles.isAdmin && (
        <>
          <p className="menu-label">{t('dashboard.admin')}</p>
          <ul className="menu-list">
            <Item href="/adminProfile">{t('dashboard.adminProfile')}</Item>
            <Item href="/manageMember">{t('dashboard.manageMembers')}</Item>
            <Item href="/makeAnnouncement">{t('dashboard.makeAnnouncement')}</Item>
            <Item href="/agreementRequest">{t('dashboard.agreementRequests')}</Item>
            <Item href="/manageCoupon">{t('dashboard.manageCoupons')}</Item>
            <Item href="/overdueRent">{t('dashboard.overdueRent')}</Item>
            <Item href="/charges">{t('charges.title')}</Item>
            <Item href="/cashDesk">{t('desk.title')}</Item>
            <Item href="/settleDeposit">{t('deposit.title')}</Item>
            <Item href="/finance">{t('dashboard.finance')}</Item>
            <Item href="/maintenanceQueue">{t('dashboard.maintenance')}</Item>
            <Item href="/auditLog">{t('dashboard.auditLog')}</Item>
          </ul>
        </>
      )}
      {roles.isMember && (
        <>
          <p className="menu-label">{t('dashboard.member')}</p>
          <ul className="menu-list">
            <Item href="/memberProfile">{t('dashboard.myProfile')}</Item>
            <Item href="/memberPayment">{t('dashboard.makePayment')}</Item>
            <Item href="/paymentHistory">{t('dashboard.paymentHistory')}</Item>
            <Item href="/rentLedger">{t('dashboard.rentLedger')}</Item>
            <Item href="/account">{t('account.title')}</Item>
            <Item href="/maintenance">{t('dashboard.maintenance')}</Item>
            <Item href="/announcements">{announcements}</Item>
          </ul>
        </>
      )}
      {isUser && (
        <>
          <p className="menu-label">{t('dashboard.user')}</p>
          <ul className="menu-list">
            <Item href="/userProfile">{t('dashboard.myProfile')}</Item>
            <Item href="/paymentHistory">{t('dashboard.paymentHistory')}</Item>
            <Item href="/rentLedger">{t('dashboard.rentLedger')}</Item>
            <Item href="/account">{t('account.title')}</Item>
            <Item href="/announcements">{announcements}</Item>
          </ul>
        </>
      )}
    </aside>
  );
}

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { NotFound } from '../components/not-found.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useAnnouncements } from '../features/announcements/api/get-announcements.ts';
import { RequireRole, type PageAudience } from '../features/dashboard/components/require-role.tsx';
import { RoleHome } from '../features/dashboard/components/role-home.tsx';
import { DashboardLayout } from '../features/dashboard/routes/dashboard-layout.tsx';
import { unreadCount, useAnnouncementsSeen } from '../lib/announcements-seen.ts';
import { useAuth } from '../lib/auth.tsx';

// Each dashboard page is its own chunk.
const pages = {
  userProfile: lazy(() => import('../features/user-profile/routes/user-profile-route.tsx')),
  announcements: lazy(() => import('../features/announcements/routes/announcements-route.tsx')),
  adminProfile: lazy(() => import('../features/admin-profile/routes/admin-profile-route.tsx')),
  manageMember: lazy(() => import('../features/admin-members/routes/manage-members-route.tsx')),
  agreementRequest: lazy(() => import('../features/admin-agreements/routes/agreement-requests-route.tsx')),
  manageCoupon: lazy(() => import('../features/admin-coupons/routes/manage-coupons-route.tsx')),
  makeAnnouncement: lazy(() => import('../features/announcements/routes/make-announcement-route.tsx')),
  auditLog: lazy(() => import('../features/audit-log/routes/audit-log-route.tsx')),
  memberProfile: lazy(() => import('../features/member-apartments/routes/member-profile-route.tsx')),
  memberPayment: lazy(() => import('../features/payments/routes/make-payment-route.tsx')),
  payment: lazy(() => import('../features/payments/routes/payment-route.tsx')),
  paymentHistory: lazy(() => import('../features/payments/routes/payment-history-route.tsx')),
  rentLedger: lazy(() => import('../features/rent-ledger/routes/rent-ledger-route.tsx')),
  account: lazy(() => import('../features/account/routes/account-route.tsx')),
  overdueRent: lazy(() => import('../features/rent-ledger/routes/overdue-rent-route.tsx')),
  finance: lazy(() => import('../features/finance/routes/finance-route.tsx')),
  maintenance: lazy(() => import('../features/maintenance/routes/member-maintenance-route.tsx')),
  maintenanceQueue: lazy(() => import('../features/maintenance/routes/maintenance-queue-route.tsx')),
  charges: lazy(() => import('../features/account/routes/charges-route.tsx')),
  cashDesk: lazy(() => import('../features/account/routes/cash-desk-route.tsx')),
  settleDeposit: lazy(() => import('../features/account/routes/settle-deposit-route.tsx')),
  payDeposit: lazy(() => import('../features/payments/routes/deposit-payment-route.tsx')),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

type Page = keyof typeof pages;

const anyone: Page[] = ['userProfile', 'announcements'];
const adminOnly: Page[] = [
  'adminProfile',
  'manageMember',
  'agreementRequest',
  'manageCoupon',
  'makeAnnouncement',
  'maintenanceQueue',
  'auditLog',
  'overdueRent',
  'charges',
  'cashDesk',
  'settleDeposit',
  'finance',
];
const memberOnly: Page[] = ['memberProfile', 'memberPayment', 'payment', 'payDeposit', 'maintenance'];
/** Former members keep their payment history, rent ledger, account and receipts (read only). */
const residents: Page[] = ['paymentHistory', 'rentLedger', 'account'];

function page(name: Page, audience?: PageAudience) {
  const Component = pages[name];
  const content = <Component />;
  return (
    <Route key={name} path={`/${name}`}>
      {audience ? <RequireRole audience={audience}>{content}</RequireRole> : content}
    </Route>
  );
}

/** /dashboard and its pages (nested under /dashboard by the app router, behind sign-in). */
export default function DashboardRoutes() {
  const announcements = useAnnouncements();
  const { user } = useAuth();
  const seen = useAnnouncementsSeen(user?.email ?? '');
  const unread = announcements.data ? unreadCount(announcements.data, seen) : undefined;
  return (
    <DashboardLayout announcementCount={unread}>
      {(roles) => (
        <Suspense fallback={<Spinner />}>
          <Switch>
            <Route path="/">
              <RoleHome roles={roles} />
            </Route>
            {anyone.map((name) => page(name))}
            {adminOnly.map((name) => page(name, 'admin'))}
            {memberOnly.map((name) => page(name, 'member'))}
            {residents.map((name) => page(name, 'resident'))}
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      )}
    </DashboardLayout>
  );
}

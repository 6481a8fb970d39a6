import { useTranslation } from 'react-i18next';
import { useEffect, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'wouter';
import { Spinner } from '../../../components/spinner.tsx';
import { translate } from '../../../i18n/i18n.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useRoles, type Roles } from '../../../lib/use-roles.ts';

/** Who may open a page: admins, members, or residents (anyone but admins: members and former members). */
export type PageAudience = 'admin' | 'member' | 'resident';

const admits: Record<PageAudience, (roles: Roles) => boolean> = {
  admin: (roles) => roles.isAdmin,
  member: (roles) => roles.isMember,
  resident: (roles) => !roles.isAdmin,
};

/** Why someone with these roles cannot open such a page, said to them. */
function refusal(audience: PageAudience, roles: Roles): string {
  if (audience === 'admin') return translate('dashboard.adminsOnly');
  if (audience === 'resident') return translate('dashboard.residentsOnly');
  if (roles.isAdmin) return translate('dashboard.adminsDoNotPay');
  return translate('dashboard.membersOnly');
}

/** Sends the user to the dashboard page that fits their role, saying why, once. */
function LeaveWithReason({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useEffect(() => {
    toast.error(reason, { id: reason });
    navigate('/', { replace: true });
  }, [reason, navigate]);
  return <Spinner label={t('dashboard.leaving')} />;
}

/**
 * A page for one audience. Anyone else (a member demoted while on a member page, a user following a
 * payment link) goes to their own dashboard home and is told why; they stay signed in.
 */
export function RequireRole({ audience, children }: { audience: PageAudience; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const roles = useRoles(user?.email);
  if (roles.isLoading) return <Spinner label={t('dashboard.checkingAccess')} />;
  return admits[audience](roles) ? children : <LeaveWithReason reason={refusal(audience, roles)} />;
}

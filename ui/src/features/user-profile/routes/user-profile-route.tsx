import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { EmailPreferences } from '../../../components/email-preferences.tsx';
import { ProfileCard } from '../../../components/profile-card.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatShortDate, formatTaka } from '../../../lib/format.ts';
import { useMyAgreements } from '../../../lib/my-agreements.ts';

const statusTag: Record<string, string> = {
  pending: 'is-warning',
  accepted: 'is-success',
  rejected: 'is-danger',
};

/** Any user's profile: who they are and the agreements they have asked for. */
export default function UserProfileRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const agreements = useMyAgreements(user?.email ?? '');
  return (
    <DashboardPage id="user-profile-title" title={t('pages.myProfile')}>
      <ProfileCard role={t('pages.roleUser')} />
      <h2 className="title is-4 mt-5">{t('pages.myRequests')}</h2>
      <QueryTable
        what={t('pages.requestsWhat')}
        query={agreements}
        empty={
          <>
            {t('pages.noRequests')} <Link href="~/apartment">{t('pages.browse')}</Link>.
          </>
        }
        columns={[
          t('pages.apartment'),
          t('pages.block'),
          t('pages.floor'),
          t('pages.rent'),
          t('pages.requestDate'),
          t('pages.status'),
        ]}
        rowKey={(agreement) => agreement._id}
        cells={(agreement) => (
          <>
            <td>{agreement.apartment}</td>
            <td>{agreement.block}</td>
            <td>{agreement.floor}</td>
            <td>{formatTaka(agreement.rent)}</td>
            <td>{formatShortDate(agreement.timestamp)}</td>
            <td>
              <span className={`tag ${statusTag[agreement.status] ?? 'is-light'}`}>
                {t(`pages.${agreement.status}`, { defaultValue: agreement.status })}
              </span>
            </td>
          </>
        )}
      />
      {user ? <EmailPreferences email={user.email} /> : null}
    </DashboardPage>
  );
}

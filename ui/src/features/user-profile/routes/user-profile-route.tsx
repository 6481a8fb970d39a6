import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { EmailPreferences } from '../../../components/email-preferences.tsx';
import { ProfileCard } from '../../../components/profile-card.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDigits, formatShortDate, formatTaka } from '../../../lib/format.ts';
import { confirmAndWithdraw } from '../../../lib/agreement-dialogs.ts';
import { useMyAgreements } from '../../../lib/my-agreements.ts';
import { useWithdrawAgreement } from '../../../lib/withdraw-agreement.ts';

const statusTag: Record<string, string> = {
  pending: 'is-warning',
  accepted: 'is-success',
  rejected: 'is-danger',
};

/** Any user's profile: who they are and the agreements they have asked for (a pending one withdrawn here). */
export default function UserProfileRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const agreements = useMyAgreements(user?.email ?? '');
  const withdrawal = useWithdrawAgreement();
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
            <td>{formatDigits(agreement.floor)}</td>
            <td>{formatTaka(agreement.rent)}</td>
            <td>{formatShortDate(agreement.timestamp)}</td>
            <td>
              <span className={`tag ${statusTag[agreement.status] ?? 'is-light'}`}>
                {t(`pages.${agreement.status}`, { defaultValue: agreement.status })}
              </span>
              {agreement.status === 'pending' && (
                <button
                  type="button"
                  className="button is-small is-light ml-2"
                  aria-label={t('apartments.withdrawFor', { name: String(agreement.apartment) })}
                  disabled={withdrawal.isPending && withdrawal.variables === agreement.si}
                  onClick={() =>
                    void confirmAndWithdraw(String(agreement.apartment), () =>
                      withdrawal.mutateAsync(agreement.si),
                    )
                  }
                >
                  {t('apartments.withdraw')}
                </button>
              )}
            </td>
          </>
        )}
      />
      {user ? <EmailPreferences email={user.email} /> : null}
    </DashboardPage>
  );
}

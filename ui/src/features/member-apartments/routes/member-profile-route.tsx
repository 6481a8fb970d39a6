import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { EmailPreferences } from '../../../components/email-preferences.tsx';
import { ProfileCard } from '../../../components/profile-card.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDigits, formatRooms, formatShortDate, formatTaka } from '../../../lib/format.ts';
import { useMemberApartments } from '../../../lib/member-apartments.ts';

/** The member's profile and the apartments they lease. */
export default function MemberProfileRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const apartments = useMemberApartments(user?.email ?? '');
  return (
    <DashboardPage id="member-profile-title" title={t('pages.memberProfile')}>
      <ProfileCard role={t('pages.roleMember')} />
      <h2 className="title is-4 mt-5">{t('pages.myApartment')}</h2>
      <QueryTable
        what={t('pages.apartmentsWhat')}
        query={apartments}
        empty={t('pages.noLease')}
        columns={[
          t('pages.apartmentNo'),
          t('pages.block'),
          t('pages.floor'),
          t('pages.roomNo'),
          t('pages.rentTaka'),
          t('pages.acceptDate'),
        ]}
        rowKey={(apartment) => apartment._id}
        cells={(apartment) => (
          <>
            <td>{apartment.apartment}</td>
            <td>{apartment.block}</td>
            <td>{formatDigits(apartment.floor)}</td>
            <td>{formatRooms(apartment.room)}</td>
            <td>{formatTaka(apartment.rent)}</td>
            <td>{formatShortDate(apartment.accept_date)}</td>
          </>
        )}
      />
      {user ? <EmailPreferences email={user.email} /> : null}
    </DashboardPage>
  );
}

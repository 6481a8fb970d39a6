import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { ProfileCard } from '../../../components/profile-card.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatShortDate, formatTaka } from '../../../lib/format.ts';
import { useMemberApartments } from '../api/get-member-apartments.ts';

/** The member's profile and the apartments they lease. */
export default function MemberProfileRoute() {
  const { user } = useAuth();
  const apartments = useMemberApartments(user?.email ?? '');
  return (
    <DashboardPage id="member-profile-title" title="Member Profile">
      <ProfileCard role="Member" />
      <h2 className="title is-4 mt-5">My Apartment</h2>
      <QueryTable
        what="apartments"
        query={apartments}
        empty="You do not lease an apartment at the moment."
        columns={['Apartment No.', 'Block', 'Floor', 'Room No.', 'Rent (৳)', 'Agreement Accept Date']}
        rowKey={(apartment) => apartment._id}
        cells={(apartment) => (
          <>
            <td>{apartment.apartment}</td>
            <td>{apartment.block}</td>
            <td>{apartment.floor}</td>
            <td>{apartment.room}</td>
            <td>{formatTaka(apartment.rent)}</td>
            <td>{formatShortDate(apartment.accept_date)}</td>
          </>
        )}
      />
    </DashboardPage>
  );
}

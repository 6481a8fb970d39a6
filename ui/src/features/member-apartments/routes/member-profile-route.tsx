import { ProfileCard } from '../../../components/profile-card.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatShortDate, formatTaka } from '../../../lib/format.ts';
import { useMemberApartments } from '../api/get-member-apartments.ts';

/** The member's profile and the apartments they lease. */
export default function MemberProfileRoute() {
  const { user } = useAuth();
  const apartments = useMemberApartments(user?.email ?? '');
  return (
    <section aria-labelledby="member-profile-title">
      <h1 className="title is-3" id="member-profile-title">
        Member Profile
      </h1>
      <ProfileCard role="Member" />
      <h2 className="title is-4 mt-5">My Apartment</h2>
      <QueryStatus what="apartments" query={apartments}>
        {apartments.data?.length === 0 ? (
          <p className="notification is-light">You do not lease an apartment at the moment.</p>
        ) : (
          <div className="table-container">
            <table className="table is-fullwidth is-striped">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Apartment No.</th>
                  <th>Block</th>
                  <th>Floor</th>
                  <th>Room No.</th>
                  <th>Rent (৳)</th>
                  <th>Agreement Accept Date</th>
                </tr>
              </thead>
              <tbody>
                {apartments.data?.map((apartment, index) => (
                  <tr key={apartment._id}>
                    <td>{index + 1}</td>
                    <td>{apartment.apartment}</td>
                    <td>{apartment.block}</td>
                    <td>{apartment.floor}</td>
                    <td>{apartment.room}</td>
                    <td>{formatTaka(apartment.rent)}</td>
                    <td>{formatShortDate(apartment.accept_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStatus>
    </section>
  );
}

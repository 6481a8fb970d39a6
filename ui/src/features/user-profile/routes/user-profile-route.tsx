import { Link } from 'wouter';
import { ProfileCard } from '../../../components/profile-card.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatShortDate, formatTaka } from '../../../lib/format.ts';
import { useMyAgreements } from '../api/get-my-agreements.ts';

const statusTag: Record<string, string> = {
  pending: 'is-warning',
  accepted: 'is-success',
  rejected: 'is-danger',
};

/** Any user's profile: who they are and the agreements they have asked for. */
export default function UserProfileRoute() {
  const { user } = useAuth();
  const agreements = useMyAgreements(user?.email ?? '');
  return (
    <section aria-labelledby="user-profile-title">
      <h1 className="title is-3" id="user-profile-title">
        My Profile
      </h1>
      <ProfileCard role="User" />
      <h2 className="title is-4 mt-5">My Agreement Requests</h2>
      <QueryStatus what="agreement requests" query={agreements}>
        {agreements.data?.length === 0 ? (
          <p className="notification is-light">
            You have not requested an apartment yet. <Link href="~/apartment">Browse the apartments</Link>.
          </p>
        ) : (
          <div className="table-container">
            <table className="table is-fullwidth is-striped">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Apartment</th>
                  <th>Block</th>
                  <th>Floor</th>
                  <th>Rent</th>
                  <th>Request Date</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {agreements.data?.map((agreement, index) => (
                  <tr key={agreement._id}>
                    <td>{index + 1}</td>
                    <td>{agreement.apartment}</td>
                    <td>{agreement.block}</td>
                    <td>{agreement.floor}</td>
                    <td>{formatTaka(agreement.rent)}</td>
                    <td>{formatShortDate(agreement.timestamp)}</td>
                    <td>
                      <span className={`tag ${statusTag[agreement.status] ?? 'is-light'}`}>
                        {agreement.status}
                      </span>
                    </td>
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

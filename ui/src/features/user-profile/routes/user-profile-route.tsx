import { Link } from 'wouter';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { ProfileCard } from '../../../components/profile-card.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
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
    <DashboardPage id="user-profile-title" title="My Profile">
      <ProfileCard role="User" />
      <h2 className="title is-4 mt-5">My Agreement Requests</h2>
      <QueryTable
        what="agreement requests"
        query={agreements}
        empty={
          <>
            You have not requested an apartment yet. <Link href="~/apartment">Browse the apartments</Link>.
          </>
        }
        columns={['Apartment', 'Block', 'Floor', 'Rent', 'Request Date', 'Status']}
        rowKey={(agreement) => agreement._id}
        cells={(agreement) => (
          <>
            <td>{agreement.apartment}</td>
            <td>{agreement.block}</td>
            <td>{agreement.floor}</td>
            <td>{formatTaka(agreement.rent)}</td>
            <td>{formatShortDate(agreement.timestamp)}</td>
            <td>
              <span className={`tag ${statusTag[agreement.status] ?? 'is-light'}`}>{agreement.status}</span>
            </td>
          </>
        )}
      />
    </DashboardPage>
  );
}

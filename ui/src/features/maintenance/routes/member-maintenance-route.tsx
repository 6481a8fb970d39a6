import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useMyMaintenance } from '../api/get-my-maintenance.ts';
import '../components/maintenance.css';
import { FileRequestForm } from '../components/file-request-form.tsx';
import { RequestCard } from '../components/request-card.tsx';

/**
 * The member's maintenance page: report a problem, and follow each request. The page stays live:
 * a triage or a comment elsewhere changes the view, and the live stream refreshes it here.
 */
export default function MemberMaintenanceRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const requests = useMyMaintenance(user?.email ?? '');
  return (
    <DashboardPage id="maintenance-title" title={t('maintenance.title')}>
      <FileRequestForm />
      <h2 className="title is-4 mt-5">{t('maintenance.myRequests')}</h2>
      <QueryStatus what={t('maintenance.what')} query={requests}>
        {requests.data?.length === 0 ? (
          <p>{t('maintenance.none')}</p>
        ) : (
          <div className="maintenance-list">
            {requests.data?.map((request) => (
              <RequestCard key={request._id} request={request} />
            ))}
          </div>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}

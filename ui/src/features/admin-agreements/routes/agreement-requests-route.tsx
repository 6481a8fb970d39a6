import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatShortDate, formatTaka } from '../../../lib/format.ts';
import { useAcceptAgreement } from '../api/accept-agreement.ts';
import type { Decision } from '../api/decision-effects.ts';
import { useAgreementRequests, type AgreementRequest } from '../api/get-agreement-requests.ts';
import { useRejectAgreement } from '../api/reject-agreement.ts';

/** The admin's inbox of agreement requests, each accepted or rejected in one click. */
export default function AgreementRequestsRoute() {
  const { t } = useTranslation();
  const requests = useAgreementRequests();
  const accept = useAcceptAgreement();
  const reject = useRejectAgreement();
  const [busy, setBusy] = useState<string | null>(null);

  const decide = async (
    request: AgreementRequest,
    send: (decision: Decision) => Promise<unknown>,
    done: string,
    failed: string,
  ) => {
    setBusy(String(request._id));
    try {
      await send({ si: request.si, email: request.user_email });
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, failed, { apartment: String(request.apartment) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <DashboardPage id="agreement-requests-title" title={t('pages.agreementRequests')}>
      <QueryTable
        what={t('pages.requestsWhat')}
        query={requests}
        empty={t('pages.noPending')}
        className="is-narrow"
        columns={[
          t('pages.userName'),
          t('pages.userEmail'),
          t('pages.floor'),
          t('pages.block'),
          t('pages.apartment'),
          t('pages.rent'),
          t('pages.requestDate'),
          t('pages.decision'),
        ]}
        rowKey={(request) => request._id}
        cells={(request) => {
          const disabled = busy === String(request._id);
          const who = { email: request.user_email, apartment: String(request.apartment) };
          return (
            <>
              <td>{request.user_name}</td>
              <td>{request.user_email}</td>
              <td>{request.floor}</td>
              <td>{request.block}</td>
              <td>{request.apartment}</td>
              <td>{formatTaka(request.rent)}</td>
              <td>{formatShortDate(request.timestamp)}</td>
              <td>
                <div className="buttons are-small">
                  <button
                    type="button"
                    className="button is-success"
                    aria-label={t('pages.acceptWho', who)}
                    disabled={disabled}
                    onClick={() =>
                      void decide(request, accept.mutateAsync, t('pages.accepted_'), t('pages.acceptFailed'))
                    }
                  >
                    {t('pages.accept')}
                  </button>
                  <button
                    type="button"
                    className="button is-danger is-outlined reject-button"
                    aria-label={t('pages.rejectWho', who)}
                    disabled={disabled}
                    onClick={() =>
                      void decide(request, reject.mutateAsync, t('pages.rejected_'), t('pages.rejectFailed'))
                    }
                  >
                    {t('pages.reject')}
                  </button>
                </div>
              </td>
            </>
          );
        }}
      />
    </DashboardPage>
  );
}

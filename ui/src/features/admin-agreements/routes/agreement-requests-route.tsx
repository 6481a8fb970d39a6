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
      toast.error(errorMessage(error, failed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <DashboardPage id="agreement-requests-title" title="Agreement Requests">
      <QueryTable
        what="agreement requests"
        query={requests}
        empty="No agreement requests are waiting."
        className="is-narrow"
        columns={[
          'User Name',
          'User Email',
          'Floor',
          'Block',
          'Apartment',
          'Rent',
          'Request Date',
          'Decision',
        ]}
        rowKey={(request) => request._id}
        cells={(request) => {
          const disabled = busy === String(request._id);
          const who = `${request.user_email} for apartment ${request.apartment}`;
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
                    aria-label={`Accept ${who}`}
                    disabled={disabled}
                    onClick={() =>
                      void decide(request, accept.mutateAsync, 'Request accepted!', 'Could not accept.')
                    }
                  >
                    Accept
                  </button>
                  <button
                    type="button"
                    className="button is-danger is-outlined"
                    aria-label={`Reject ${who}`}
                    disabled={disabled}
                    onClick={() =>
                      void decide(request, reject.mutateAsync, 'Request rejected!', 'Could not reject.')
                    }
                  >
                    Reject
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

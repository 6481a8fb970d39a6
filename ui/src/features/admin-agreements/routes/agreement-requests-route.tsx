import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatDigits, formatNumber, formatShortDate, formatTaka } from '../../../lib/format.ts';
import { memberApartmentsQueryOptions } from '../../../lib/member-apartments.ts';
import { useUndoWindow } from '../components/use-undo-window.ts';
import { useAcceptAgreement } from '../api/accept-agreement.ts';
import type { Decision } from '../api/decision-effects.ts';
import { useAgreementRequests, type AgreementRequest } from '../api/get-agreement-requests.ts';
import { useRejectAgreement } from '../api/reject-agreement.ts';

type Verdict = 'accept' | 'reject';

/**
 * The admin's inbox of agreement requests. Accept and Reject ask first (naming the flats the
 * person already rents, before an accept), then wait ten seconds with an Undo before the command
 * is sent: a slip of the finger on a phone costs nothing.
 */
export default function AgreementRequestsRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const requests = useAgreementRequests();
  const accept = useAcceptAgreement();
  const reject = useRejectAgreement();
  const [busy, setBusy] = useState<string | null>(null);
  const undoWindow = useUndoWindow<Verdict>();

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

  /** Asks, then holds the verdict for the undo window before sending it. */
  const confirm = async (request: AgreementRequest, verdict: Verdict) => {
    const names = { name: request.user_name, apartment: String(request.apartment) };
    // Someone may rent two flats, but the admin should know before giving them a second one.
    const rented =
      verdict === 'accept'
        ? await queryClient.fetchQuery(memberApartmentsQueryOptions(request.user_email)).catch(() => [])
        : [];
    const { default: Swal } = await import('sweetalert2');
    const answer = await Swal.fire({
      title: t(verdict === 'accept' ? 'pages.confirmAccept' : 'pages.confirmReject', names),
      text: [
        rented.length > 0
          ? t('pages.alreadyRents', {
              name: request.user_name,
              apartments: rented.map((lease) => lease.apartment).join(', '),
            })
          : '',
        t('pages.undoNote'),
      ]
        .filter(Boolean)
        .join(' '),
      icon: rented.length > 0 ? 'warning' : 'question',
      showCancelButton: true,
      confirmButtonText: t(verdict === 'accept' ? 'pages.accept' : 'pages.reject'),
      cancelButtonText: t('common.cancel'),
    });
    if (!answer.isConfirmed) return;
    undoWindow.hold(String(request._id), verdict, () =>
      verdict === 'accept'
        ? void decide(request, accept.mutateAsync, t('pages.accepted_'), t('pages.acceptFailed'))
        : void decide(request, reject.mutateAsync, t('pages.rejected_'), t('pages.rejectFailed')),
    );
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
          const key = String(request._id);
          const disabled = busy === key;
          const who = { email: request.user_email, apartment: String(request.apartment) };
          const held = undoWindow.waiting(key);
          return (
            <>
              <td translate="no">{request.user_name}</td>
              <td translate="no">{request.user_email}</td>
              <td>{formatDigits(request.floor)}</td>
              <td>{request.block}</td>
              <td>{request.apartment}</td>
              <td>{formatTaka(request.rent)}</td>
              <td>{formatShortDate(request.timestamp)}</td>
              <td>
                {held ? (
                  <div className="buttons are-small undo-window">
                    <span role="status">
                      {t(held.kind === 'accept' ? 'pages.acceptingIn' : 'pages.rejectingIn', {
                        seconds: formatNumber(held.secondsLeft),
                      })}
                    </span>
                    <button
                      type="button"
                      className="button is-warning"
                      aria-label={t('pages.undoWho', who)}
                      onClick={() => undoWindow.undo(key)}
                    >
                      {t('pages.undo')}
                    </button>
                  </div>
                ) : (
                  <div className="buttons are-small">
                    <button
                      type="button"
                      className="button is-success"
                      aria-label={t('pages.acceptWho', who)}
                      disabled={disabled}
                      onClick={() => void confirm(request, 'accept')}
                    >
                      {t('pages.accept')}
                    </button>
                    <button
                      type="button"
                      className="button is-danger is-outlined reject-button"
                      aria-label={t('pages.rejectWho', who)}
                      disabled={disabled}
                      onClick={() => void confirm(request, 'reject')}
                    >
                      {t('pages.reject')}
                    </button>
                  </div>
                )}
              </td>
            </>
          );
        }}
      />
    </DashboardPage>
  );
}

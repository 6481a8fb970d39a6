import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaintenanceRequest } from '@building/events/read-models/maintenance';
import { formatDateTime, formatLongDate } from '../../../lib/format.ts';
import { CommentForm } from './comment-form.tsx';
import { StatusTag } from './status-tag.tsx';

interface RequestCardProps {
  request: MaintenanceRequest;
  /** Show who filed it (the admins' queue). */
  showMember?: boolean;
  /** The admins' triage form. */
  children?: ReactNode;
}

/** One request: what was reported, its photos, each status it went through, and the comments. */
export function RequestCard({ request, showMember = false, children }: RequestCardProps) {
  const { t } = useTranslation();
  const headingId = `maintenance-${request._id}`;
  return (
    <article className="box maintenance-request" aria-labelledby={headingId}>
      <header className="maintenance-request-header">
        <h3 className="title is-5" id={headingId}>
          {t(`maintenance.categories.${request.category}`)}
        </h3>
        <StatusTag status={request.status} />
      </header>
      <p className="is-size-7">
        {t('maintenance.requestedOn', { date: formatDateTime(request.requestedAt) })}
        {showMember && (
          <>
            {' · '}
            {t('maintenance.requestedBy', {
              name: request.name || request.email,
              apartment: request.apartment,
              block: request.block,
            })}
          </>
        )}
      </p>
      <p className="maintenance-description">{request.description}</p>
      {request.status === 'scheduled' && request.scheduledFor && (
        <p className="has-text-weight-semibold">
          {t('maintenance.scheduledFor', { date: formatLongDate(request.scheduledFor) })}
        </p>
      )}
      {request.status === 'declined' && request.reason && (
        <p className="has-text-weight-semibold">
          {t('maintenance.declinedBecause', { reason: request.reason })}
        </p>
      )}
      {request.photos.length > 0 && (
        <ul className="maintenance-photos">
          {request.photos.map((photo, i) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noreferrer">
                <img src={photo} alt={t('maintenance.photoAlt', { n: i + 1 })} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <h4 className="title is-6 mt-3">{t('maintenance.timeline')}</h4>
      <ol className="maintenance-timeline">
        <li>
          <StatusTag status="open" />{' '}
          <time dateTime={request.requestedAt}>{formatDateTime(request.requestedAt)}</time>
        </li>
        {request.history.map((change) => (
          <li key={`${change.changedAt}-${change.status}`}>
            <StatusTag status={change.status} />{' '}
            <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
            {change.scheduledFor && (
              <> · {t('maintenance.scheduledFor', { date: formatLongDate(change.scheduledFor) })}</>
            )}
            {change.reason && <> · {change.reason}</>}
          </li>
        ))}
      </ol>
      <h4 className="title is-6 mt-3">{t('maintenance.comments')}</h4>
      {request.comments.length === 0 ? (
        <p className="is-size-7">{t('maintenance.noComments')}</p>
      ) : (
        <ul className="maintenance-comments">
          {request.comments.map((comment) => (
            <li key={`${comment.commentedAt}-${comment.author}`}>
              <p className="is-size-7">
                <strong>
                  {comment.authorRole === 'admin' ? t('maintenance.byAdmin') : t('maintenance.byMember')}
                </strong>{' '}
                · <time dateTime={comment.commentedAt}>{formatDateTime(comment.commentedAt)}</time>
              </p>
              <p>{comment.text}</p>
            </li>
          ))}
        </ul>
      )}
      <CommentForm requestId={request._id} />
      {children}
    </article>
  );
}

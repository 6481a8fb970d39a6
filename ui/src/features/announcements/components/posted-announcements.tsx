import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useAnnouncements, type Announcement } from '../api/get-announcements.ts';
import { AnnouncementTags } from './announcement-tags.tsx';

interface PostedAnnouncementsProps {
  onEdit: (announcement: Announcement) => void;
  onTogglePin: (announcement: Announcement) => void;
  /** The announcement whose pin is being changed, if any. */
  pinning: string | null;
}

const perPage = 10;

/** Every announcement as admins see it (expired ones too), ten a page, each with Edit and Pin or Unpin. */
export function PostedAnnouncements({ onEdit, onTogglePin, pinning }: PostedAnnouncementsProps) {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const [page, setPage] = useState(0);
  const all = announcements.data ?? [];
  const pageCount = Math.ceil(all.length / perPage);
  const current = Math.min(page, Math.max(0, pageCount - 1));
  return (
    <section aria-labelledby="posted-announcements-title" className="mt-5">
      <h2 className="title is-4" id="posted-announcements-title">
        {t('announcementTerms.posted')}
      </h2>
      <QueryStatus what={t('pages.announcementsWhat')} query={announcements}>
        {announcements.data?.length === 0 ? (
          <p className="notification is-light">{t('announcementTerms.none')}</p>
        ) : (
          <ul className="announcement-list">
            {all.slice(current * perPage, (current + 1) * perPage).map((announcement) => (
              <li key={announcement._id} className="box announcement">
                <h3 className="title is-6 mb-1" translate="no" id={`${announcement._id}-title`}>
                  {announcement.title}
                </h3>
                <AnnouncementTags announcement={announcement} />
                <p className="is-size-7 text-muted mb-2">
                  {t('pages.posted')}{' '}
                  <time dateTime={announcement.postedAt}>{formatLongDate(announcement.postedAt)}</time>
                </p>
                <div className="buttons are-small">
                  {/* Named with the title the admin wrote, read from the heading (not put into a label). */}
                  <button
                    type="button"
                    className="button is-link is-light"
                    id={`${announcement._id}-edit`}
                    aria-labelledby={`${announcement._id}-edit ${announcement._id}-title`}
                    onClick={() => onEdit(announcement)}
                  >
                    {t('announcementTerms.edit')}
                  </button>
                  <button
                    type="button"
                    className={`button${pinning === announcement._id ? ' is-loading' : ''}`}
                    id={`${announcement._id}-pin`}
                    aria-labelledby={`${announcement._id}-pin ${announcement._id}-title`}
                    onClick={() => onTogglePin(announcement)}
                  >
                    {t(announcement.pinned ? 'announcementTerms.unpinAction' : 'announcementTerms.pinAction')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={current} pageCount={pageCount} onChange={setPage} />
      </QueryStatus>
    </section>
  );
}

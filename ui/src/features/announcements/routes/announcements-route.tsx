import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './announcements.css';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { markAnnouncementsSeen } from '../../../lib/announcements-seen.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { AnnouncementTags } from '../components/announcement-tags.tsx';

/** Announcements per page: a phone screen or two of them, not the whole history at once. */
export const announcementsPerPage = 10;

/**
 * Every announcement, pinned ones first, then newest first, a page at a time: a numbered title,
 * whether it is pinned and until when it is shown, the date it was posted (and edited), and its
 * text. Opening the page marks them seen (the sidebar counts the unseen).
 */
export default function AnnouncementsRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const announcements = useAnnouncements();
  const [page, setPage] = useState(0);
  const all = announcements.data ?? [];
  const pageCount = Math.ceil(all.length / announcementsPerPage);
  const shown = all.slice(page * announcementsPerPage, (page + 1) * announcementsPerPage);
  const newest = all.reduce((max, a) => (a.postedAt > max ? a.postedAt : max), '');
  useEffect(() => {
    if (newest) markAnnouncementsSeen(user?.email ?? '', newest);
  }, [newest, user?.email]);
  const turn = (to: number) => {
    setPage(to);
    // Back to the top of the list (jsdom, in the unit tests, cannot scroll).
    document.getElementById('announcements-title')?.scrollIntoView?.();
  };
  return (
    <DashboardPage id="announcements-title" title={t('pages.announcements')}>
      <QueryStatus what={t('pages.announcementsWhat')} query={announcements}>
        {announcements.data?.length === 0 ? (
          <p className="notification is-light">{t('pages.noAnnouncements')}</p>
        ) : (
          <ol className="announcement-list" start={page * announcementsPerPage + 1}>
            {shown.map((announcement, index) => (
              <li key={announcement._id} className="box announcement">
                <h2 className="title is-5 mb-1">
                  {formatNumber(page * announcementsPerPage + index + 1)}.{' '}
                  <span translate="no">{announcement.title}</span>
                </h2>
                <AnnouncementTags announcement={announcement} />
                {announcement.postedAt && (
                  <p className="is-size-7 text-muted mb-2">
                    {t('pages.posted')}{' '}
                    <time dateTime={announcement.postedAt}>{formatLongDate(announcement.postedAt)}</time>
                    {announcement.editedAt && (
                      <>
                        {' · '}
                        {t('announcementTerms.edited', { date: formatLongDate(announcement.editedAt) })}
                      </>
                    )}
                  </p>
                )}
                <p className="announcement-text" translate="no">
                  {announcement.description}
                </p>
              </li>
            ))}
          </ol>
        )}
        <Pagination page={Math.min(page, Math.max(0, pageCount - 1))} pageCount={pageCount} onChange={turn} />
      </QueryStatus>
    </DashboardPage>
  );
}

import { useTranslation } from 'react-i18next';
import './announcements.css';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';
import { useAnnouncements } from '../api/get-announcements.ts';

/** Every announcement, newest first: a numbered title, the date it was posted, and its text. */
export default function AnnouncementsRoute() {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  return (
    <DashboardPage id="announcements-title" title={t('pages.announcements')}>
      <QueryStatus what={t('pages.announcementsWhat')} query={announcements}>
        {announcements.data?.length === 0 ? (
          <p className="notification is-light">{t('pages.noAnnouncements')}</p>
        ) : (
          <ol className="announcement-list">
            {announcements.data?.map((announcement, index) => (
              <li key={announcement._id} className="box announcement">
                <h2 className="title is-5 mb-1">
                  {formatNumber(index + 1)}. <span translate="no">{announcement.title}</span>
                </h2>
                {announcement.postedAt && (
                  <p className="is-size-7 text-muted mb-2">
                    {t('pages.posted')}{' '}
                    <time dateTime={announcement.postedAt}>{formatLongDate(announcement.postedAt)}</time>
                  </p>
                )}
                <p className="announcement-text" translate="no">
                  {announcement.description}
                </p>
              </li>
            ))}
          </ol>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}

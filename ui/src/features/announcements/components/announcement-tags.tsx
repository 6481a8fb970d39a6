import { useTranslation } from 'react-i18next';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { formatDay } from '../../../lib/format.ts';
import type { Announcement } from '../api/get-announcements.ts';

/** Past its last day (Dhaka): residents no longer see it. */
export const isExpired = (announcement: Announcement, now = new Date()) =>
  announcement.expiresOn !== null && announcement.expiresOn < buildingDate(now);

/** Pinned, expired, or the last day it is shown: what sets an announcement apart from the rest. */
export function AnnouncementTags({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  const expired = isExpired(announcement);
  if (!announcement.pinned && announcement.expiresOn === null) return null;
  return (
    <span className="tags announcement-tags">
      {announcement.pinned && <span className="tag is-info is-light">{t('announcementTerms.pinned')}</span>}
      {expired ? (
        <span className="tag is-warning is-light">{t('announcementTerms.expired')}</span>
      ) : announcement.expiresOn ? (
        <span className="tag is-light">
          {t('announcementTerms.until', { date: formatDay(announcement.expiresOn) })}
        </span>
      ) : null}
    </span>
  );
}

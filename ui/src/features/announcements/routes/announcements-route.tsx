import './announcements.css';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';

/** Every announcement: a numbered title over its description scrolling by like a marquee. */
export default function AnnouncementsRoute() {
  const announcements = useAnnouncements();
  return (
    <DashboardPage id="announcements-title" title="Announcements">
      <QueryStatus what="announcements" query={announcements}>
        {announcements.data?.length === 0 ? (
          <p className="notification is-light">There are no announcements yet.</p>
        ) : (
          <ol className="announcement-list">
            {announcements.data?.map((announcement, index) => (
              <li key={announcement._id} className="box announcement">
                <h2 className="title is-5">
                  {index + 1}. {announcement.title}
                </h2>
                <div className="marquee">
                  <p className="marquee-text">{announcement.description}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}

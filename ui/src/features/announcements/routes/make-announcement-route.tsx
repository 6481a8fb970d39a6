import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import './announcements.css';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import type { Announcement } from '../api/get-announcements.ts';
import {
  useEditAnnouncement,
  usePostAnnouncement,
  type AnnouncementTerms,
} from '../api/post-announcement.ts';
import { AnnouncementForm, blankAnnouncement } from '../components/announcement-form.tsx';
import { PostedAnnouncements } from '../components/posted-announcements.tsx';

const termsOf = ({ title, description, pinned, expiresOn }: Announcement): AnnouncementTerms => ({
  title,
  description,
  pinned,
  expiresOn,
});

/**
 * The admin's announcements: the form posts a new one (pinned, with a last day, if wanted), or
 * edits the one picked from the list below; the list pins and unpins at a tap.
 */
export default function MakeAnnouncementRoute() {
  const { t } = useTranslation();
  const post = usePostAnnouncement();
  const edit = useEditAnnouncement();
  const [editing, setEditing] = useState<Announcement | null>(null);

  const save = async (send: () => Promise<unknown>, failed: string, done: string) => {
    try {
      await send();
    } catch (error) {
      toast.error(errorMessage(error, failed));
      return false;
    }
    toast.success(done);
    return true;
  };
  const onPost = (terms: AnnouncementTerms) =>
    save(() => post.mutateAsync(terms), t('pages.announcementFailed'), t('pages.announcementAdded'));
  const onEdit = async (terms: AnnouncementTerms) => {
    if (!editing) return false;
    const saved = await save(
      () => edit.mutateAsync({ id: editing._id, ...terms }),
      t('announcementTerms.saveFailed'),
      t('announcementTerms.saved'),
    );
    if (saved) setEditing(null);
    return saved;
  };
  const startEditing = (announcement: Announcement) => {
    setEditing(announcement);
    document.getElementById('make-announcement-title')?.scrollIntoView?.();
  };
  const togglePin = (announcement: Announcement) =>
    void save(
      () =>
        edit.mutateAsync({ id: announcement._id, ...termsOf(announcement), pinned: !announcement.pinned }),
      t('announcementTerms.saveFailed'),
      t(announcement.pinned ? 'announcementTerms.nowUnpinned' : 'announcementTerms.nowPinned'),
    );

  return (
    <DashboardPage
      id="make-announcement-title"
      title={editing ? t('announcementTerms.editing') : t('pages.makeAnnouncement')}
    >
      {editing ? (
        <AnnouncementForm
          key={editing._id}
          initial={termsOf(editing)}
          submitLabel={t('announcementTerms.save')}
          pending={edit.isPending}
          onSubmit={onEdit}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <AnnouncementForm
          key="new"
          initial={blankAnnouncement}
          submitLabel={t('pages.addAnnouncement')}
          pending={post.isPending}
          onSubmit={onPost}
        />
      )}
      <PostedAnnouncements
        onEdit={startEditing}
        onTogglePin={togglePin}
        pinning={edit.isPending && !editing ? (edit.variables?.id ?? null) : null}
      />
    </DashboardPage>
  );
}

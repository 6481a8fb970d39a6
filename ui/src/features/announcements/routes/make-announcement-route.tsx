import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { usePostAnnouncement } from '../api/post-announcement.ts';

/** The admin's announcement form. */
export default function MakeAnnouncementRoute() {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const post = usePostAnnouncement();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await post.mutateAsync({ title: title.trim(), description: description.trim() });
    } catch (error) {
      toast.error(errorMessage(error, t('pages.announcementFailed')));
      return;
    }
    toast.success(t('pages.announcementAdded'));
    setTitle('');
    setDescription('');
  };

  return (
    <DashboardPage id="make-announcement-title" title={t('pages.makeAnnouncement')}>
      <form className="box dashboard-form" onSubmit={onSubmit}>
        <TextField
          label={t('pages.title')}
          name="title"
          value={title}
          required
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextAreaField
          label={t('pages.description')}
          name="description"
          required
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <button type="submit" className={`button is-primary${post.isPending ? ' is-loading' : ''}`}>
          {t('pages.addAnnouncement')}
        </button>
      </form>
    </DashboardPage>
  );
}

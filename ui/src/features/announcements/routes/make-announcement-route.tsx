import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { usePostAnnouncement } from '../api/post-announcement.ts';

/** The admin's announcement form. */
export default function MakeAnnouncementRoute() {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const post = usePostAnnouncement();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await post.mutateAsync({ title: title.trim(), description: description.trim() });
    } catch (error) {
      toast.error(errorMessage(error, 'The announcement could not be added.'));
      return;
    }
    toast.success('Announcement added successfully!');
    setTitle('');
    setDescription('');
  };

  return (
    <DashboardPage id="make-announcement-title" title="Make an Announcement">
      <form className="box dashboard-form" onSubmit={onSubmit}>
        <TextField
          label="Title"
          name="title"
          value={title}
          required
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextAreaField
          label="Description"
          name="description"
          required
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <button type="submit" className={`button is-primary${post.isPending ? ' is-loading' : ''}`}>
          Add Announcement
        </button>
      </form>
    </DashboardPage>
  );
}

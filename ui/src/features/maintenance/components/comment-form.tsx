import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCommentOnMaintenance } from '../api/comment-on-maintenance.ts';

/** A comment on one request, by its member or an admin. */
export function CommentForm({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const comment = useCommentOnMaintenance();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await comment.mutateAsync({ id: requestId, text: text.trim() });
    } catch (error) {
      toast.error(errorMessage(error, t('maintenance.commentFailed')));
      return;
    }
    toast.success(t('maintenance.commented'));
    setText('');
  };

  return (
    <form className="maintenance-comment-form" onSubmit={onSubmit}>
      <TextAreaField
        label={t('maintenance.commentLabel')}
        name="comment"
        rows={2}
        maxLength={2000}
        required
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button
        type="submit"
        className={`button is-small is-primary${comment.isPending ? ' is-loading' : ''}`}
        disabled={text.trim() === ''}
      >
        {t('maintenance.addComment')}
      </button>
    </form>
  );
}

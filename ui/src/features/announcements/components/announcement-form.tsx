import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { AnnouncementTerms } from '../api/post-announcement.ts';

export const blankAnnouncement: AnnouncementTerms = {
  title: '',
  description: '',
  pinned: false,
  expiresOn: null,
};

interface AnnouncementFormProps {
  /** The terms it starts from (a new announcement's are blank); give it a `key` to start afresh. */
  initial: AnnouncementTerms;
  submitLabel: string;
  pending: boolean;
  /** Answers whether it was saved: a new announcement's form is then cleared. */
  onSubmit: (terms: AnnouncementTerms) => Promise<boolean>;
  onCancel?: () => void;
}

/** An announcement's words, its pin and its last day, for posting one or editing it. */
export function AnnouncementForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: AnnouncementFormProps) {
  const { t } = useTranslation();
  const [terms, setTerms] = useState(initial);
  const set = (changes: Partial<AnnouncementTerms>) => setTerms((was) => ({ ...was, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await onSubmit({
      ...terms,
      title: terms.title.trim(),
      description: terms.description.trim(),
    });
    if (saved && !onCancel) setTerms(blankAnnouncement);
  };

  return (
    <form className="box dashboard-form" onSubmit={submit}>
      <TextField
        label={t('pages.title')}
        name="title"
        value={terms.title}
        required
        maxLength={200}
        onChange={(e) => set({ title: e.target.value })}
      />
      <TextAreaField
        label={t('pages.description')}
        name="description"
        required
        maxLength={5000}
        value={terms.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      <div className="field">
        <label>
          <input type="checkbox" checked={terms.pinned} onChange={(e) => set({ pinned: e.target.checked })} />{' '}
          {t('announcementTerms.pin')}
        </label>
      </div>
      <TextField
        label={t('announcementTerms.expiresOn')}
        hint={t('announcementTerms.expiresOnHint')}
        name="expiresOn"
        type="date"
        // An expired one keeps its past day while its words are mended; a new day is today or later.
        min={terms.expiresOn === initial.expiresOn ? undefined : buildingDate(new Date())}
        value={terms.expiresOn ?? ''}
        onChange={(e) => set({ expiresOn: e.target.value || null })}
      />
      <div className="buttons">
        <button type="submit" className={`button is-primary${pending ? ' is-loading' : ''}`}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

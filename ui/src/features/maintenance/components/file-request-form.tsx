import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { maintenanceCategories } from '@building/events/catalogue';
import type { MaintenanceCategory } from '@building/events/read-models/maintenance';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { Select } from '../../../components/select.tsx';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { PhotoError } from '../../../lib/prepare-photo.ts';
import { useFileMaintenanceRequest } from '../api/file-maintenance-request.ts';

const maxPhotos = 3;

/** The member reports a problem: what kind, what is wrong, and up to three photos. */
export function FileRequestForm() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<MaintenanceCategory>('plumbing');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoProblem, setPhotoProblem] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const file = useFileMaintenanceRequest();

  const onPhotos = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    setPhotoProblem(chosen.length > maxPhotos ? t('maintenance.tooManyPhotos') : '');
    setPhotos(chosen.slice(0, maxPhotos));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await file.mutateAsync({ category, description: description.trim(), photos });
    } catch (error) {
      toast.error(
        error instanceof PhotoError ? error.message : errorMessage(error, t('maintenance.fileFailed')),
      );
      return;
    }
    toast.success(t('maintenance.filed'));
    setDescription('');
    setPhotos([]);
    setPhotoProblem('');
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <form className="box dashboard-form" onSubmit={onSubmit} aria-labelledby="maintenance-new-title">
      <h2 className="title is-4" id="maintenance-new-title">
        {t('maintenance.newRequest')}
      </h2>
      <LabelledField label={t('maintenance.category')}>
        {(id) => (
          <Select
            id={id}
            value={category}
            options={maintenanceCategories.map((c) => ({
              value: c,
              label: t(`maintenance.categories.${c}`),
            }))}
            onChange={(value) => setCategory(value as MaintenanceCategory)}
          />
        )}
      </LabelledField>
      <TextAreaField
        label={t('maintenance.description')}
        name="description"
        required
        maxLength={5000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <LabelledField label={t('maintenance.photos')}>
        {(id) => (
          <>
            <input
              id={id}
              ref={fileInput}
              className="input"
              type="file"
              name="photos"
              accept="image/*"
              multiple
              aria-describedby={`${id}-hint`}
              onChange={(e) => onPhotos(e.target.files)}
            />
            <p className="help" id={`${id}-hint`}>
              {photoProblem || t('maintenance.photosHint')}
            </p>
          </>
        )}
      </LabelledField>
      <button
        type="submit"
        className={`button is-primary${file.isPending ? ' is-loading' : ''}`}
        disabled={description.trim() === '' || file.isPending}
      >
        {t('maintenance.submit')}
      </button>
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import type { FormEvent } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { GoogleAccount } from '../../../lib/identity.ts';
import { collectErrors, emailError, nameError } from '../validation.ts';
import { useTextFields } from './use-text-fields.ts';

interface GoogleAccountDialogProps {
  onCancel: () => void;
  onContinue: (account: GoogleAccount) => void;
}

/** Against the auth emulator Google's popup cannot open: ask which Google account to use. */
export function GoogleAccountDialog({ onCancel, onContinue }: GoogleAccountDialogProps) {
  const { t } = useTranslation();
  const { values, setErrors, bind } = useTextFields({ email: '', name: '' });
  const { email, name } = values;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors({ email: emailError(email), name: nameError(name, true) });
    setErrors(found);
    if (Object.keys(found).length === 0) onContinue({ email: email.trim(), name: name.trim() });
  };

  return (
    <Modal title={t('auth.googleDialog')} onClose={onCancel}>
      <form noValidate onSubmit={submit}>
        <section className="modal-card-body">
          <p className="mb-4">{t('auth.googleDialogText')}</p>
          <TextField
            label={t('auth.googleEmail')}
            type="email"
            autoComplete="email"
            required
            {...bind('email')}
          />
          <TextField label={t('auth.googleName')} autoComplete="name" required {...bind('name')} />
        </section>
        <footer className="modal-card-foot buttons is-right">
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button is-primary">
            {t('auth.continue')}
          </button>
        </footer>
      </form>
    </Modal>
  );
}

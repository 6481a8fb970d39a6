import { useTranslation } from 'react-i18next';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { errorMessage } from '../../../lib/error-message.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { messages } from '../../../lib/messages.ts';
import { registerUser } from '../api/register-user.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { preparePhoto } from '../../../lib/prepare-photo.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { focusFirstError } from '../components/focus-first-error.ts';
import { OtherWaysIn } from '../components/other-ways-in.tsx';
import { useRedirectBack } from '../components/use-redirect-back.ts';
import { useTextFields } from '../components/use-text-fields.ts';
import { collectErrors, emailError, nameError, passwordError, photoError } from '../validation.ts';

type Field = 'name' | 'photo' | 'email' | 'password';
const fieldOrder = ['name', 'photo', 'email', 'password'] as const;

export default function SignUpRoute() {
  const { t } = useTranslation();
  const { createUser, updateUserProfile, discardNewAccount } = useAuth();
  const { search, goBack } = useRedirectBack();
  const form = useRef<HTMLFormElement>(null);
  const { values, errors, setErrors, bind } = useTextFields<'name' | 'email' | 'password', Field>({
    name: '',
    email: '',
    password: '',
  });
  const { name, email, password } = values;
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      name: nameError(name, false),
      photo: photoError(photo),
      email: emailError(email),
      password: passwordError(password),
    });
    setErrors(found);
    if (Object.keys(found).length > 0 || !photo) return focusFirstError(form.current, fieldOrder, found);

    setBusy(true);
    // The photo is made ready (or refused) before the account exists: a bad photo makes nothing.
    let ready: File;
    try {
      ready = await preparePhoto(photo);
    } catch (error) {
      setBusy(false);
      setErrors({ photo: errorMessage(error) });
      return focusFirstError(form.current, fieldOrder, { photo: true });
    }
    let created = false;
    try {
      const user = await createUser(email.trim(), password);
      created = true;
      // The account exists from here on, so the photo upload may use its API token.
      const photoURL = await uploadImage(ready);
      const displayName = name.trim() || user.email.split('@')[0] || user.email;
      await updateUserProfile(displayName, photoURL);
      await registerUser({ name: displayName, email: user.email, photoURL });
      toast.success(messages.registered);
      goBack();
    } catch (error) {
      // A sign-up half done is undone, so the next try is not told the email is taken.
      if (created) await discardNewAccount();
      toast.error(created ? `${messages.signUpUndone} ${errorMessage(error)}` : errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.signUp')}>
      <form ref={form} noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          {...bind('name')}
          hint={t('auth.optional')}
        />
        <TextField
          label={t('auth.photo')}
          name="photo"
          type="file"
          accept="image/*"
          required
          error={errors.photo}
          onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
        />
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          {...bind('email')}
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('password')}
          hint={t('auth.atLeast6')}
        />
        <button
          type="submit"
          className={`button is-primary is-fullwidth mt-5${busy ? ' is-loading' : ''}`}
          disabled={busy}
        >
          {t('auth.continue')}
        </button>
      </form>
      <OtherWaysIn googleLabel={t('auth.googleSignUp')} onSignedIn={goBack} disabled={busy}>
        {t('auth.haveAccount')} <Link href={`/login${search}`}>{t('auth.logIn')}</Link>
      </OtherWaysIn>
    </AuthCard>
  );
}

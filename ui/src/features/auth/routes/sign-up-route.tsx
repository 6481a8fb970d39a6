import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { errorMessage } from '../../../lib/error-message.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { messages } from '../../../lib/messages.ts';
import { registerUser } from '../api/register-user.ts';
import { uploadImage } from '../api/upload-image.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { focusFirstError } from '../components/focus-first-error.ts';
import { OtherWaysIn } from '../components/other-ways-in.tsx';
import { useRedirectBack } from '../components/use-redirect-back.ts';
import { useTextFields } from '../components/use-text-fields.ts';
import { collectErrors, emailError, nameError, passwordError, photoError } from '../validation.ts';

type Field = 'name' | 'photo' | 'email' | 'password';
const fieldOrder = ['name', 'photo', 'email', 'password'] as const;

export default function SignUpRoute() {
  const { createUser, updateUserProfile } = useAuth();
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
    try {
      const user = await createUser(email.trim(), password);
      // The account exists from here on, so the photo upload may use its API token.
      const photoURL = await uploadImage(photo);
      const displayName = name.trim() || user.email.split('@')[0] || user.email;
      await updateUserProfile(displayName, photoURL);
      await registerUser({ name: displayName, email: user.email, photoURL });
      toast.success(messages.registered);
      goBack();
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign Up">
      <form ref={form} noValidate onSubmit={onSubmit}>
        <TextField label="Name" name="name" autoComplete="name" {...bind('name')} hint="Optional" />
        <TextField
          label="Profile photo"
          name="photo"
          type="file"
          accept="image/*"
          required
          error={errors.photo}
          onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
        />
        <TextField label="Email" name="email" type="email" autoComplete="email" required {...bind('email')} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('password')}
          hint="At least 6 characters"
        />
        <button
          type="submit"
          className={`button is-primary is-fullwidth mt-5${busy ? ' is-loading' : ''}`}
          disabled={busy}
        >
          Continue
        </button>
      </form>
      <OtherWaysIn googleLabel="Sign up with Google" onSignedIn={goBack} disabled={busy}>
        Already have an account? <Link href={`/login${search}`}>Log in</Link>
      </OtherWaysIn>
    </AuthCard>
  );
}

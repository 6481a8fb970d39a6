import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { TextField } from '../../../components/text-field.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { messages } from '../../../lib/messages.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { focusFirstError } from '../components/focus-first-error.ts';
import { GoogleSignIn } from '../components/google-sign-in.tsx';
import { useRedirectBack } from '../components/use-redirect-back.ts';
import { collectErrors, emailError, type FieldErrors } from '../validation.ts';

type Field = 'email' | 'password';
const fieldOrder = ['email', 'password'] as const;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export default function LoginRoute() {
  const { signIn, resetPassword } = useAuth();
  const { search, goBack } = useRedirectBack();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState<'login' | 'reset' | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Logging in checks presence only: the provider owns the password policy.
    const found = collectErrors<Field>({
      email: emailError(email),
      password: password ? undefined : 'Enter your password.',
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(form.current, fieldOrder, found);
    setBusy('login');
    try {
      await signIn(email.trim(), password);
      toast.success(messages.loggedIn);
      goBack();
    } catch (error) {
      toast.error(messageOf(error));
      setBusy(null);
    }
  };

  const onForgotPassword = async () => {
    const problem = emailError(email);
    if (problem) {
      setErrors({ email: `${problem} The reset link is sent to it.` });
      return focusFirstError(form.current, fieldOrder, { email: problem });
    }
    setErrors({});
    setBusy('reset');
    try {
      await resetPassword(email.trim());
      toast.success(`A password reset link was sent to ${email.trim()}.`);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard title="Login">
      <form ref={form} noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="mb-4">
          <button
            type="button"
            className={`button is-ghost px-0${busy === 'reset' ? ' is-loading' : ''}`}
            onClick={onForgotPassword}
            disabled={busy !== null}
          >
            Forgot password?
          </button>
        </div>
        <button
          type="submit"
          className={`button is-primary is-fullwidth${busy === 'login' ? ' is-loading' : ''}`}
          disabled={busy !== null}
        >
          Continue
        </button>
      </form>
      <p className="has-text-centered my-4 has-text-grey">or</p>
      <GoogleSignIn label="Continue with Google" onSignedIn={goBack} disabled={busy !== null} />
      <p className="has-text-centered mt-5">
        New here? <Link href={`/signUp${search}`}>Create an account</Link>
      </p>
    </AuthCard>
  );
}

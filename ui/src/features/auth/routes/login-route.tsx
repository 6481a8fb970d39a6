import { useTranslation } from 'react-i18next';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { errorMessage } from '../../../lib/error-message.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { messages } from '../../../lib/messages.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { focusFirstError } from '../components/focus-first-error.ts';
import { OtherWaysIn } from '../components/other-ways-in.tsx';
import { useRedirectBack } from '../components/use-redirect-back.ts';
import { useTextFields } from '../components/use-text-fields.ts';
import { collectErrors, emailError } from '../validation.ts';

type Field = 'email' | 'password';
const fieldOrder = ['email', 'password'] as const;
export default function LoginRoute() {
  const { t } = useTranslation();
  const { signIn, resetPassword } = useAuth();
  const { search, goBack } = useRedirectBack();
  const form = useRef<HTMLFormElement>(null);
  const { values, setErrors, bind } = useTextFields({ email: '', password: '' });
  const { email, password } = values;
  const [busy, setBusy] = useState<'login' | 'reset' | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Logging in checks presence only: the provider owns the password policy.
    const found = collectErrors<Field>({
      email: emailError(email),
      password: password ? undefined : t('auth.enterPassword'),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(form.current, fieldOrder, found);
    setBusy('login');
    try {
      await signIn(email.trim(), password);
      toast.success(messages.loggedIn);
      goBack();
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(null);
    }
  };

  const onForgotPassword = async () => {
    const problem = emailError(email);
    if (problem) {
      setErrors({ email: t('auth.resetGoesTo', { problem }) });
      return focusFirstError(form.current, fieldOrder, { email: problem });
    }
    setErrors({});
    setBusy('reset');
    try {
      await resetPassword(email.trim());
      toast.success(messages.resetLinkSent(email.trim()));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard title={t('auth.login')}>
      <form ref={form} noValidate onSubmit={onSubmit}>
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
          autoComplete="current-password"
          required
          {...bind('password')}
        />
        <div className="mb-4">
          <button
            type="button"
            className={`button is-ghost px-0${busy === 'reset' ? ' is-loading' : ''}`}
            onClick={onForgotPassword}
            disabled={busy !== null}
          >
            {t('auth.forgot')}
          </button>
        </div>
        <button
          type="submit"
          className={`button is-primary is-fullwidth${busy === 'login' ? ' is-loading' : ''}`}
          disabled={busy !== null}
        >
          {t('auth.continue')}
        </button>
      </form>
      <OtherWaysIn googleLabel={t('auth.google')} onSignedIn={goBack} disabled={busy !== null}>
        {t('auth.newHere')} <Link href={`/signUp${search}`}>{t('auth.createAccount')}</Link>
      </OtherWaysIn>
    </AuthCard>
  );
}

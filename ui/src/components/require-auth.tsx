import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { useAuth } from '../lib/auth.tsx';
import { loginPath } from '../lib/redirect.ts';
import { Spinner } from './spinner.tsx';

/** Shows its children to signed-in users; sends others to /login, remembering where they were. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  const { base } = useRouter();
  if (loading) return <Spinner label={t('common.checkingSession')} />;
  if (!user) {
    // Inside a nested route the location is relative; the origin must be absolute.
    const here = `${base}${location === '/' && base ? '' : location}`;
    return <Redirect to={`~${loginPath(search ? `${here}?${search}` : here)}`} replace />;
  }
  return children;
}

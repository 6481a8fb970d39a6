import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { command } from './api-client.ts';
import { useAuth } from './auth.tsx';

/**
 * Saves the language a signed-in person reads the site in with their profile, on sign-in and on
 * every switch: the building's emails and receipts to them follow it. The server records only a
 * change, so saving the same language again costs nothing.
 */
export function SaveLanguage() {
  const { user } = useAuth();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
  const email = user?.email ?? '';
  useEffect(() => {
    if (!email) return;
    // Not saved this time (offline, signed out meanwhile): the next switch or sign-in saves it.
    command('PUT', `/users/${encodeURIComponent(email)}/language`, { language }).catch(() => undefined);
  }, [email, language]);
  return null;
}

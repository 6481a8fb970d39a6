import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { EmailKind } from '@building/events/catalogue';
import { emailPreferencesSchema, type EmailPreferences } from '@building/events/read-models/notifications';
import { command, query } from './api-client.ts';
import { viewKey } from './view-keys.ts';

/** GET /email-preferences/:email: the kinds of email the person turned off. */
export async function getEmailPreferences(email: string, signal?: AbortSignal): Promise<EmailPreferences> {
  return emailPreferencesSchema.parse(
    await query(`/email-preferences/${encodeURIComponent(email)}`, { signal }),
  );
}

const emailPreferencesKey = (email: string) => [...viewKey('notifications'), 'email-preferences', email];

export const emailPreferencesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: emailPreferencesKey(email),
    queryFn: ({ signal }) => getEmailPreferences(email, signal),
    enabled: email !== '',
  });

export const useEmailPreferences = (email: string) => useQuery(emailPreferencesQueryOptions(email));

const savedSchema = z.object({ position: z.number() });

/** PUT /users/:email/email-preferences: the full list of kinds turned off. */
export async function setEmailPreferences({ email, off }: { email: string; off: EmailKind[] }) {
  return savedSchema.parse(
    await command('PUT', `/users/${encodeURIComponent(email)}/email-preferences`, { off }),
  );
}

export function useSetEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmailPreferences,
    // Shown switched at once; the server's answer confirms it.
    onMutate: ({ email, off }) => queryClient.setQueryData(emailPreferencesKey(email), { off }),
    onSettled: (_data, _error, { email }) =>
      queryClient.invalidateQueries({ queryKey: emailPreferencesKey(email) }),
  });
}

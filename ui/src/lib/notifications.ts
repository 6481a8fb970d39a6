import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { notificationPageSchema, type NotificationPage } from '@building/events/read-models/notifications';
import { command, query } from './api-client.ts';
import { viewKey } from './view-keys.ts';

export type { InAppFacts, Notification } from '@building/events/read-models/notifications';

/** The newest notifications the bell shows. */
export const BELL_PAGE_SIZE = 10;

/** GET /notifications/:email: the newest notifications and how many are unread. */
export async function getNotifications(email: string, signal?: AbortSignal): Promise<NotificationPage> {
  const search = new URLSearchParams({ page: '0', size: String(BELL_PAGE_SIZE) });
  return notificationPageSchema.parse(
    await query(`/notifications/${encodeURIComponent(email)}?${search}`, { signal }),
  );
}

export const notificationsQueryOptions = (email: string) =>
  queryOptions({
    // The live stream invalidates the 'notifications' view: the count follows without a reload.
    queryKey: [...viewKey('notifications'), email],
    queryFn: ({ signal }) => getNotifications(email, signal),
    enabled: email !== '',
  });

export const useNotifications = (email: string) => useQuery(notificationsQueryOptions(email));

const readSchema = z.object({ position: z.number() });

/** POST /notifications/read: seen up to the newest one shown. */
export async function markNotificationsRead(upTo: string) {
  return readSchema.parse(await command('POST', '/notifications/read', { upTo }));
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey('notifications') }),
  });
}

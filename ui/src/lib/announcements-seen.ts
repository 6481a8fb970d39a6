import { useSyncExternalStore } from 'react';

/**
 * How far each person has seen the announcements (the newest one's time), kept in this browser:
 * the sidebar's "Announcements (N)" counts those posted after it.
 */
const key = (email: string) => `announcements-seen:${email.toLowerCase()}`;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Seen up to `postedAt` (ISO); the mark only moves forward. */
export function markAnnouncementsSeen(email: string, postedAt: string): void {
  if (!email || (localStorage.getItem(key(email)) ?? '') >= postedAt) return;
  localStorage.setItem(key(email), postedAt);
  for (const listener of listeners) listener();
}

/** The time of the newest announcement the person has seen ('' for none). */
export const useAnnouncementsSeen = (email: string): string =>
  useSyncExternalStore(subscribe, () => (email ? (localStorage.getItem(key(email)) ?? '') : ''));

/** How many of `announcements` are newer than the mark. */
export const unreadCount = (announcements: Array<{ postedAt: string }>, seen: string): number =>
  announcements.filter((announcement) => announcement.postedAt > seen).length;

import type { DomainEvent } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

/** What an announcement says and how it is shown; `expiresOn` a Dhaka date (YYYY-MM-DD) or null. */
export interface AnnouncementTerms {
  title: string;
  description: string;
  pinned: boolean;
  expiresOn: string | null;
}

/** An announcement to residents (stream announcement-<id>): posted once, then edited, pinned, expired. */
export type AnnouncementState = { posted: false } | ({ posted: true } & AnnouncementTerms);

export const initialAnnouncementState = (): AnnouncementState => ({ posted: false });

export function evolveAnnouncement(state: AnnouncementState, event: DomainEvent): AnnouncementState {
  if (event.type === 'AnnouncementPosted') {
    const { title, description } = event.data;
    return { posted: true, title, description, pinned: false, expiresOn: null };
  }
  if (!state.posted) return state;
  switch (event.type) {
    case 'AnnouncementEdited':
      return { ...state, title: event.data.title, description: event.data.description };
    case 'AnnouncementPinned':
      return { ...state, pinned: true };
    case 'AnnouncementUnpinned':
      return { ...state, pinned: false };
    case 'AnnouncementExpirySet':
      return { ...state, expiresOn: event.data.expiresOn };
    default:
      return state;
  }
}

export const announcementAggregate: Aggregate<AnnouncementState> = {
  initialState: initialAnnouncementState,
  evolve: evolveAnnouncement,
};

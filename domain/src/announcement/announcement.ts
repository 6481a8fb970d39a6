import type { DomainEvent } from '@building/events/catalogue';
import type { Aggregate } from '../command-handling/aggregate.ts';

/** An announcement to members (stream announcement-<id>): posted once, then read only. */
export interface AnnouncementState {
  posted: boolean;
}

export const initialAnnouncementState = (): AnnouncementState => ({ posted: false });

export function evolveAnnouncement(state: AnnouncementState, event: DomainEvent): AnnouncementState {
  return event.type === 'AnnouncementPosted' ? { posted: true } : state;
}

export const announcementAggregate: Aggregate<AnnouncementState> = {
  initialState: initialAnnouncementState,
  evolve: evolveAnnouncement,
};

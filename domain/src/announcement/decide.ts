import type { DomainEvent } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import type { AnnouncementState } from './announcement.ts';

export type AnnouncementCommand = {
  type: 'PostAnnouncement';
  data: { announcementId: string; title: string; description: string; by: Caller };
};

export function decideAnnouncement(command: AnnouncementCommand, state: AnnouncementState): DomainEvent[] {
  switch (command.type) {
    case 'PostAnnouncement':
      return postAnnouncement(command.data, state);
    default: {
      const unhandled: never = command.type;
      throw new Error(`unknown command ${String(unhandled)}`);
    }
  }
}

function postAnnouncement(
  { by, ...announcement }: AnnouncementCommand['data'],
  state: AnnouncementState,
): DomainEvent[] {
  requireAdmin(by, 'post an announcement');
  if (state.posted)
    throw refuse(
      'announcement-already-posted',
      `announcement ${announcement.announcementId} was already posted`,
    );
  return [{ type: 'AnnouncementPosted', data: announcement }];
}

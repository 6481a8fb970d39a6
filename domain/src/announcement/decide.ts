import type { DomainEvent } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import type { AnnouncementState, AnnouncementTerms } from './announcement.ts';

interface AnnouncementInput extends AnnouncementTerms {
  announcementId: string;
  by: Caller;
  now: Date;
}

export type AnnouncementCommand =
  | { type: 'PostAnnouncement'; data: AnnouncementInput }
  /** The terms as the admin leaves them: only what changed is recorded (nothing when nothing did). */
  | { type: 'EditAnnouncement'; data: AnnouncementInput };

export function decideAnnouncement(command: AnnouncementCommand, state: AnnouncementState): DomainEvent[] {
  switch (command.type) {
    case 'PostAnnouncement':
      return postAnnouncement(command.data, state);
    case 'EditAnnouncement':
      return editAnnouncement(command.data, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}

function postAnnouncement(input: AnnouncementInput, state: AnnouncementState): DomainEvent[] {
  const { announcementId, title, description, by } = input;
  requireAdmin(by, 'post an announcement');
  if (state.posted)
    throw refuse('announcement-already-posted', `announcement ${announcementId} was already posted`);
  checkExpiry(input);
  return [
    { type: 'AnnouncementPosted', data: { announcementId, title, description } },
    ...changes(input, { title, description, pinned: false, expiresOn: null }),
  ];
}

function editAnnouncement(input: AnnouncementInput, state: AnnouncementState): DomainEvent[] {
  requireAdmin(input.by, 'edit an announcement');
  if (!state.posted) throw refuse('announcement-not-found', `no announcement ${input.announcementId}`);
  // An expiry left as it was is not checked again: the text of an expired notice can still be mended.
  if (input.expiresOn !== state.expiresOn) checkExpiry(input);
  return changes(input, state);
}

/** The events that take an announcement from `was` to the input's terms. */
function changes(input: AnnouncementInput, was: AnnouncementTerms): DomainEvent[] {
  const { announcementId, title, description, pinned, expiresOn } = input;
  const events: DomainEvent[] = [];
  if (title !== was.title || description !== was.description)
    events.push({ type: 'AnnouncementEdited', data: { announcementId, title, description } });
  if (pinned !== was.pinned)
    events.push({ type: pinned ? 'AnnouncementPinned' : 'AnnouncementUnpinned', data: { announcementId } });
  if (expiresOn !== was.expiresOn)
    events.push({ type: 'AnnouncementExpirySet', data: { announcementId, expiresOn } });
  return events;
}

/** A notice cannot be set to expire before today (Dhaka): nobody would ever see it. */
function checkExpiry({ expiresOn, now }: AnnouncementInput): void {
  if (expiresOn !== null && expiresOn < buildingDate(now))
    throw refuse('announcement-expiry-past', `an announcement cannot expire on ${expiresOn}, before today`, {
      fields: [{ field: 'expiresOn', message: 'before today' }],
    });
}

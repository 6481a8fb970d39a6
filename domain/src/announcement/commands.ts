import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { announcementAggregate, type AnnouncementTerms } from './announcement.ts';
import { decideAnnouncement, type AnnouncementCommand } from './decide.ts';

export interface AnnouncementInput extends Partial<Pick<AnnouncementTerms, 'pinned' | 'expiresOn'>> {
  announcementId: string;
  title: string;
  description: string;
  caller: Caller;
  now: Date;
}

const decideOn = (context: CommandContext, type: AnnouncementCommand['type'], input: AnnouncementInput) => {
  const { caller, now, pinned = false, expiresOn = null, ...terms } = input;
  return handleCommand(
    context,
    {
      command: type,
      load: async () => ({
        announcement: await loadAggregate(
          context,
          streams.announcement(terms.announcementId),
          announcementAggregate,
        ),
      }),
      decide: ({ announcement }) =>
        decideAnnouncement(
          { type, data: { ...terms, pinned, expiresOn, by: caller, now } },
          announcement.state,
        ),
    },
    commandMeta(context, caller, now),
  );
};

/** Posts a new announcement, pinned and with an expiry date if the admin set them. */
export const postAnnouncement = (context: CommandContext, input: AnnouncementInput) =>
  decideOn(context, 'PostAnnouncement', input);

/** Leaves an announcement with these terms (absent pinned/expiresOn: unpinned, no expiry). */
export const editAnnouncement = (context: CommandContext, input: AnnouncementInput) =>
  decideOn(context, 'EditAnnouncement', input);

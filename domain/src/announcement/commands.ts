import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { announcementAggregate } from './announcement.ts';
import { decideAnnouncement } from './decide.ts';

export const postAnnouncement = (
  context: CommandContext,
  input: { announcementId: string; title: string; description: string; caller: Caller; now: Date },
) => {
  const { caller, now, ...announcement } = input;
  return handleCommand(
    context,
    {
      command: 'PostAnnouncement',
      load: async () => ({
        announcement: await loadAggregate(
          context,
          streams.announcement(announcement.announcementId),
          announcementAggregate,
        ),
      }),
      decide: ({ announcement: loaded }) =>
        decideAnnouncement({ type: 'PostAnnouncement', data: { ...announcement, by: caller } }, loaded.state),
    },
    commandMeta(context, caller, now),
  );
};

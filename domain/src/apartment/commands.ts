import type { ApartmentDetails } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { apartmentAggregate } from './apartment.ts';
import { decideApartment } from './decide.ts';

/**
 * Lists an apartment at `si`, or at the si `nextSi` picks (re-picked when a lost race re-runs the
 * command: two admins adding at once both pick the same si, and the second goes to the next one).
 */
export async function listApartment(
  context: CommandContext,
  input: {
    details: Omit<ApartmentDetails, 'si'>;
    si: number | (() => Promise<number>);
    caller: Caller | 'system';
    now: Date;
  },
) {
  const { caller, now } = input;
  let si = 0;
  const result = await handleCommand(
    context,
    {
      command: 'ListApartment',
      load: async () => {
        si = typeof input.si === 'number' ? input.si : await input.si();
        return { apartment: await loadAggregate(context, streams.apartment(si), apartmentAggregate) };
      },
      decide: ({ apartment }) =>
        decideApartment(
          { type: 'ListApartment', data: { details: { ...input.details, si }, by: caller } },
          apartment.state,
        ),
    },
    commandMeta(context, caller, now),
  );
  return { ...result, si };
}

export const editApartment = (
  context: CommandContext,
  { details, caller, now }: { details: ApartmentDetails; caller: Caller; now: Date },
) =>
  handleCommand(
    context,
    {
      command: 'EditApartment',
      load: async () => ({
        apartment: await loadAggregate(context, streams.apartment(details.si), apartmentAggregate),
      }),
      decide: ({ apartment }) =>
        decideApartment({ type: 'EditApartment', data: { details, by: caller } }, apartment.state),
    },
    commandMeta(context, caller, now),
  );

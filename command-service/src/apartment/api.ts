import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { streams } from '@building/events/streams';
import { loadAggregate } from '../command-handling/aggregate.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { commandMeta, currentCaller } from '../http/current-caller.ts';
import { floorField, imageField, rentField, siField, textField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';
import type { Caller } from '../command-handling/caller.ts';
import { apartmentAggregate } from './apartment.ts';
import { decideApartment } from './decide.ts';
import { nextSi } from './next-si.ts';

/** An apartment as an admin describes it; the si is the server's (next free one, or the path's). */
const detailsBody = z.object({
  apartment: textField(1, 20),
  block: textField(1, 10),
  floor: floorField,
  room: textField(1, 20),
  rent: rentField,
  image: imageField,
});
const siPath = z.object({ si: siField });

export function apartmentRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.post('/apartments', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const details = parseInput(detailsBody, ctx.request.body);
    let si = 0;
    const result = await handleCommand(
      deps.store,
      {
        load: async () => {
          si = await nextSi(deps.store);
          return { apartment: await loadAggregate(deps.store, streams.apartment(si), apartmentAggregate) };
        },
        decide: ({ apartment }) =>
          decideApartment(
            { type: 'ListApartment', data: { details: { si, ...details }, by: caller } },
            apartment.state,
          ),
      },
      commandMeta(deps, caller),
    );
    ctx.body = { insertedId: si, position: result.position };
  });

  router.put('/apartments/:si', async (ctx) => {
    const caller: Caller = await currentCaller(ctx, deps);
    const { si } = parseInput(siPath, ctx.params, 'path');
    const details = parseInput(detailsBody, ctx.request.body);
    const result = await handleCommand(
      deps.store,
      {
        load: async () => ({
          apartment: await loadAggregate(deps.store, streams.apartment(si), apartmentAggregate),
        }),
        decide: ({ apartment }) =>
          decideApartment(
            { type: 'EditApartment', data: { details: { si, ...details }, by: caller } },
            apartment.state,
          ),
      },
      commandMeta(deps, caller),
    );
    ctx.body = { modifiedCount: result.events.length > 0 ? 1 : 0, position: result.position };
  });

  return router;
}

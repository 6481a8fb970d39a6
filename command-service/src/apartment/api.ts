import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { editApartment, listApartment } from '@building/domain/apartment/commands';
import { currentCaller } from '../http/current-caller.ts';
import { floorField, imageField, rentField, siField, textField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';
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
    const result = await listApartment(deps.commands, {
      details,
      si: () => nextSi(deps.store),
      caller,
      now: deps.clock(),
    });
    ctx.body = { insertedId: result.si, position: result.position };
  });

  router.put('/apartments/:si', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { si } = parseInput(siPath, ctx.params, 'path');
    const details = parseInput(detailsBody, ctx.request.body);
    const result = await editApartment(deps.commands, {
      details: { si, ...details },
      caller,
      now: deps.clock(),
    });
    ctx.body = { modifiedCount: result.events.length > 0 ? 1 : 0, position: result.position };
  });

  return router;
}

import Router from '@koa/router';
import { z } from 'zod';
import { maintenanceCategories, maintenanceStatuses } from '@building/events/catalogue';
import { parseInput } from '@building/events/parse-input';
import {
  changeMaintenanceStatus,
  commentOnMaintenanceRequest,
  fileMaintenanceRequest,
} from '@building/domain/maintenance/commands';
import { currentCaller } from '../http/current-caller.ts';
import { dateField, idField, siField, textField } from '../http/fields.ts';
import { requireOwnUploads, uploadedImages } from '../images/uploaded-images.ts';
import type { AppDeps } from '../command-deps.ts';

export const maxPhotos = 3;

const idPath = z.object({ id: idField });
const statusBody = z.object({
  status: z.enum(maintenanceStatuses).exclude(['open']),
  scheduledFor: dateField.optional(),
  reason: textField(1, 1000).optional(),
});
const commentBody = z.object({ text: textField(1, 2000) });

/**
 * Maintenance requests: a member files one about the apartment they lease (its si, name and block
 * come from the lease, never from the body), admins triage it, both sides comment.
 */
export function maintenanceRoutes(deps: AppDeps): Router {
  const router = new Router();
  const fileBody = z.object({
    category: z.enum(maintenanceCategories),
    description: textField(1, 5000),
    photos: uploadedImages(deps.publicUrl, maxPhotos).default([]),
    /** Which of the member's leases, when they hold several (default: the latest). */
    si: siField.optional(),
  });

  router.post('/maintenance', async (ctx) => {
    const caller = await currentCaller(ctx, deps, { registered: true });
    const filing = parseInput(fileBody, ctx.request.body);
    await requireOwnUploads(deps.store.db, filing.photos, 'photos', caller.email);
    const requestId = deps.newId();
    const result = await fileMaintenanceRequest(deps.commands, {
      ...filing,
      requestId,
      caller,
      now: deps.clock(),
    });
    ctx.body = { insertedId: requestId, position: result.position };
  });

  router.patch('/maintenance/:id/status', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { id } = parseInput(idPath, ctx.params, 'path');
    const change = parseInput(statusBody, ctx.request.body);
    const result = await changeMaintenanceStatus(deps.commands, {
      requestId: id,
      ...change,
      caller,
      now: deps.clock(),
    });
    ctx.body = { modifiedCount: result.events.length > 0 ? 1 : 0, position: result.position };
  });

  router.post('/maintenance/:id/comments', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { id } = parseInput(idPath, ctx.params, 'path');
    const { text } = parseInput(commentBody, ctx.request.body);
    const result = await commentOnMaintenanceRequest(deps.commands, {
      requestId: id,
      text,
      caller,
      now: deps.clock(),
    });
    ctx.body = { position: result.position };
  });

  return router;
}

import Router from '@koa/router';
import { z } from 'zod';
import { maintenanceCategories, maintenanceStatuses } from '@building/events/catalogue';
import { DomainError, refuse } from '@building/events/domain-error';
import { parseInput } from '@building/events/parse-input';
import { streams } from '@building/events/streams';
import { agreementAggregate } from '../agreement/agreement.ts';
import { loadAggregate } from '../command-handling/aggregate.ts';
import type { Caller } from '../command-handling/caller.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { commandMeta, currentCaller } from '../http/current-caller.ts';
import { idField, siField, textField } from '../http/fields.ts';
import { requireOwnUploads, uploadedImages } from '../images/uploaded-images.ts';
import { activeLeaseOf } from '../payments/lease-terms.ts';
import { userAggregate } from '../user/user.ts';
import type { AppDeps } from '../command-deps.ts';
import { decideMaintenance, type MaintenanceCommand, type MaintenanceLease } from './decide.ts';
import { maintenanceAggregate } from './maintenance.ts';

export const maxPhotos = 3;

const idPath = z.object({ id: idField });
/** A calendar date that exists (2026-02-30 does not). */
const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date, YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'no such date');
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

  const decideOn = (requestId: string, command: MaintenanceCommand, caller: Caller) => {
    const meta = commandMeta(deps, caller);
    return handleCommand(
      deps.store,
      {
        load: async () => ({
          request: await loadAggregate(deps.store, streams.maintenance(requestId), maintenanceAggregate),
        }),
        decide: ({ request }) => decideMaintenance(command, request.state),
      },
      meta,
    );
  };

  router.post('/maintenance', async (ctx) => {
    const caller = await currentCaller(ctx, deps, { registered: true });
    const { si, ...filing } = parseInput(fileBody, ctx.request.body);
    await requireOwnUploads(deps.store.db, filing.photos, 'photos', caller.email);
    const lease = await leaseOf(deps, caller, si);
    const requestId = deps.newId();
    const result = await decideOn(
      requestId,
      {
        type: 'FileMaintenanceRequest',
        data: { requestId, lease, by: caller, now: deps.clock(), ...filing },
      },
      caller,
    );
    ctx.body = { insertedId: requestId, position: result.position };
  });

  router.patch('/maintenance/:id/status', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { id } = parseInput(idPath, ctx.params, 'path');
    const change = parseInput(statusBody, ctx.request.body);
    const result = await decideOn(
      id,
      { type: 'ChangeMaintenanceStatus', data: { requestId: id, ...change, by: caller, now: deps.clock() } },
      caller,
    );
    ctx.body = { modifiedCount: result.events.length > 0 ? 1 : 0, position: result.position };
  });

  router.post('/maintenance/:id/comments', async (ctx) => {
    const caller = await currentCaller(ctx, deps);
    const { id } = parseInput(idPath, ctx.params, 'path');
    const { text } = parseInput(commentBody, ctx.request.body);
    const leaseHeld = caller.role !== 'admin' && (await holdsLeaseFor(deps, caller, id));
    const result = await decideOn(
      id,
      {
        type: 'CommentOnMaintenanceRequest',
        data: { requestId: id, text, by: caller, now: deps.clock(), leaseHeld },
      },
      caller,
    );
    ctx.body = { position: result.position };
  });

  return router;
}

/** Whether the caller still leases the apartment request `requestId` is about. */
async function holdsLeaseFor(deps: AppDeps, caller: Caller, requestId: string): Promise<boolean> {
  const request = await loadAggregate(deps.store, streams.maintenance(requestId), maintenanceAggregate);
  const si = request.state.si;
  if (si === null) return false;
  try {
    return (await leaseOf(deps, caller, si)) !== null;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'no-active-lease') return false;
    throw error;
  }
}

/**
 * The caller's active lease (the one named, or their latest) as its agreement stream says, or null.
 * The user stream lists the apartments they were promoted for; the agreement stream confirms the
 * lease still holds.
 */
async function leaseOf(
  deps: AppDeps,
  caller: Caller,
  si: number | undefined,
): Promise<MaintenanceLease | null> {
  const user = await loadAggregate(deps.store, streams.user(caller.email), userAggregate);
  const leases = user.state.status === 'registered' ? user.state.leases : [];
  const chosen = si ?? leases.at(-1);
  if (chosen === undefined) return null;
  if (!leases.includes(chosen)) throw refuse('no-active-lease', `you do not lease apartment ${chosen}`);
  const agreement = await loadAggregate(deps.store, streams.agreement(chosen), agreementAggregate);
  const lease = activeLeaseOf(agreement.state, caller.email);
  return lease && { si: lease.si, apartment: lease.apartment, block: lease.block };
}

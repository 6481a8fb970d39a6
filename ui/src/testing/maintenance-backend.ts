import type { MaintenanceRequest } from '@building/events/read-models/maintenance';
import { http, HttpResponse } from 'msw';
import { env } from '../lib/env.ts';
import { backend } from './backend.ts';
import { problem } from './handlers.ts';
import { bearerEmail, recordCall } from './record-call.ts';

/** The maintenance endpoints over an in-memory list, for route tests (newest first, 10 a page). */
export const maintenance = { requests: [] as MaintenanceRequest[] };

export function resetMaintenance() {
  maintenance.requests = [];
}

const q = (path: string) => `${env.queryUrl}${path}`;
const c = (path: string) => `${env.commandUrl}${path}`;
const written = () => ({ position: backend.nextPosition++ });
const now = () => new Date().toISOString();

/** A filed request, as the maintenance view answers it. */
export function aRequest(overrides: Partial<MaintenanceRequest> = {}): MaintenanceRequest {
  return {
    _id: `m${maintenance.requests.length + 1}`,
    email: 'member@example.com',
    name: 'Mina',
    si: 7,
    apartment: '3A01',
    block: 'A',
    category: 'plumbing',
    description: 'The kitchen tap drips.',
    photos: [],
    status: 'open',
    scheduledFor: null,
    reason: null,
    requestedAt: '2026-01-05T04:00:00.000Z',
    updatedAt: '2026-01-05T04:00:00.000Z',
    history: [],
    comments: [],
    ...overrides,
  };
}

const find = (id: unknown) => maintenance.requests.find((r) => r._id === String(id));
const notFound = () => problem(404, 'no such request', 'Not Found', 'maintenance-request-not-found');

export const maintenanceHandlers = [
  http.get(q('/myMaintenance/:email'), async ({ request, params }) => {
    await recordCall(request);
    const email = decodeURIComponent(String(params.email));
    if (bearerEmail(request) !== email) return problem(403, 'not yours', 'Forbidden', 'not-your-data');
    return HttpResponse.json(maintenance.requests.filter((r) => r.email === email));
  }),
  http.get(q('/maintenance'), async ({ request }) => {
    await recordCall(request);
    if (!backend.admins.has(bearerEmail(request) ?? ''))
      return problem(403, 'admins only', 'Forbidden', 'admin-only');
    const url = new URL(request.url);
    const [status, category, block] = ['status', 'category', 'block'].map((k) => url.searchParams.get(k));
    const page = Number(url.searchParams.get('page') ?? 0);
    const matching = maintenance.requests.filter(
      (r) =>
        (!status || (status === 'active' ? !['done', 'declined'].includes(r.status) : r.status === status)) &&
        (!category || r.category === category) &&
        (!block || r.block === block),
    );
    return HttpResponse.json({ result: matching.slice(page * 10, page * 10 + 10), total: matching.length });
  }),
  http.post(c('/maintenance'), async ({ request }) => {
    const body = (await recordCall(request)) as Pick<
      MaintenanceRequest,
      'category' | 'description' | 'photos'
    >;
    const email = bearerEmail(request) ?? '';
    if (!backend.members.has(email)) return problem(403, 'no lease', 'Forbidden', 'no-active-lease');
    const filed = aRequest({ ...body, email, requestedAt: now(), updatedAt: now() });
    maintenance.requests.unshift(filed);
    return HttpResponse.json({ insertedId: filed._id, ...written() });
  }),
  http.patch(c('/maintenance/:id/status'), async ({ request, params }) => {
    const body = (await recordCall(request)) as {
      status: MaintenanceRequest['status'];
      scheduledFor?: string;
      reason?: string;
    };
    const found = find(params.id);
    if (!found) return notFound();
    if (['done', 'declined'].includes(found.status))
      return problem(409, 'closed', 'Conflict', 'maintenance-request-closed');
    const change = { scheduledFor: body.scheduledFor ?? null, reason: body.reason ?? null };
    Object.assign(found, { status: body.status, ...change });
    found.history.push({
      status: body.status,
      ...change,
      changedBy: bearerEmail(request) ?? '',
      changedAt: now(),
    });
    return HttpResponse.json({ modifiedCount: 1, ...written() });
  }),
  http.post(c('/maintenance/:id/comments'), async ({ request, params }) => {
    const { text } = (await recordCall(request)) as { text: string };
    const found = find(params.id);
    if (!found) return notFound();
    const author = bearerEmail(request) ?? '';
    found.comments.push({
      author,
      authorRole: backend.admins.has(author) ? 'admin' : 'member',
      text,
      commentedAt: now(),
    });
    return HttpResponse.json(written());
  }),
];

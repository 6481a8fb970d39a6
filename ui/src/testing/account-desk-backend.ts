import { residentsPageSize } from '@building/events/requests/account-requests';
import type { MonthCharge, Resident } from '@building/events/read-models/account';
import type { PricesResponse } from '@building/events/read-models/prices';
import type { RefusalCode } from '@building/events/refusals';
import { http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import { env } from '../lib/env.ts';
import { backend } from './backend.ts';
import { problem } from './handlers.ts';
import { bearerEmail, recordCall } from './record-call.ts';
import { server } from './server.ts';

/**
 * The admin's account desk over an in-memory state, for route tests: residents, prices and a
 * month's charges to read; each command is recorded and answered, or refused with `refusals[path]`.
 */
export const desk = {
  residents: [] as Resident[],
  prices: { prices: [], meters: [] } as PricesResponse,
  charges: [] as MonthCharge[],
  /** The refusal the next call of a command path gets (its code, the server's English detail). */
  refusals: {} as Record<string, { status: number; code: RefusalCode; detail: string }>,
};

const q = (path: string) => `${env.queryUrl}${path}`;
const c = (path: string) => `${env.commandUrl}${path}`;
const adminsOnly = (request: Request) =>
  backend.admins.has(bearerEmail(request) ?? '')
    ? null
    : problem(403, 'admins only', 'Forbidden', 'admin-only');

/** A command route: recorded, then refused as told or answered with `answer` and a position. */
const commandRoute = (method: 'post' | 'put', path: string, answer: (body: unknown) => object) =>
  http[method](c(path), async ({ request }) => {
    const body = await recordCall(request);
    const refusal = desk.refusals[new URL(request.url).pathname];
    if (refusal) return problem(refusal.status, refusal.detail, 'Refused', refusal.code);
    return adminsOnly(request) ?? HttpResponse.json({ ...answer(body), position: backend.nextPosition++ });
  });

export const deskHandlers = [
  http.get(q('/residents'), async ({ request }) => {
    await recordCall(request);
    const params = new URL(request.url).searchParams;
    const asked = (params.get('q') ?? '').toLowerCase();
    const page = Number(params.get('page') ?? '1');
    const found = desk.residents.filter(
      (r) =>
        [r.name, r.email, r.apartment].some((field) => field.toLowerCase().includes(asked)) &&
        (params.get('current') !== 'true' || r.endedAt === null),
    );
    // Pages of 50, as the query-service answers them.
    const paged = found.slice((page - 1) * residentsPageSize, page * residentsPageSize);
    return adminsOnly(request) ?? HttpResponse.json(paged);
  }),
  http.get(q('/prices'), async ({ request }) => {
    await recordCall(request);
    return adminsOnly(request) ?? HttpResponse.json(desk.prices);
  }),
  http.get(q('/charges'), async ({ request }) => {
    await recordCall(request);
    return adminsOnly(request) ?? HttpResponse.json(desk.charges);
  }),
  commandRoute('post', '/charges', () => ({ insertedIds: ['c-1', 'c-2'], apartments: 2 })),
  commandRoute('post', '/charges/cancel', () => ({ modifiedCount: 1 })),
  commandRoute('put', '/charge-plans/service', () => ({ modifiedCount: 1 })),
  commandRoute('put', '/tariffs/:utility', () => ({ modifiedCount: 1 })),
  commandRoute('post', '/meter-readings', () => ({
    insertedId: 'r-1',
    chargeId: 'c-9',
    amountPoisha: 85_000,
  })),
  commandRoute('post', '/payments/offline', () => ({
    paymentId: 'pay-1',
    insertedId: 'pay-1',
    recorded: true,
  })),
  commandRoute('post', '/payments/offline/reverse', () => ({ modifiedCount: 1 })),
  commandRoute('post', '/deposits/settle', () => ({ modifiedCount: 1 })),
];

export function serveDeskBackend() {
  beforeEach(() => {
    desk.residents = [];
    desk.prices = { prices: [], meters: [] };
    desk.charges = [];
    desk.refusals = {};
    server.use(...deskHandlers);
  });
}

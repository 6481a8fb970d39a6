import { http, HttpResponse } from 'msw';
import { problemTypeOf, type RefusalCode } from '@building/events/refusals';
import { env } from '../lib/env.ts';
import { backend } from './backend.ts';
import type { MultipartValue } from './multipart.ts';
import { bearerEmail, recordCall } from './record-call.ts';

const q = (path: string) => `${env.queryUrl}${path}`;
const c = (path: string) => `${env.commandUrl}${path}`;

/** A problem+json answer; `refusal` gives it the type of that business rule, as the services do. */
export const problem = (status: number, detail: string, title = 'Conflict', refusal?: RefusalCode) =>
  HttpResponse.json(
    { type: refusal ? problemTypeOf(refusal) : 'about:blank', title, status, detail },
    {
      status,
      headers: { 'Content-Type': 'application/problem+json' },
    },
  );

const roleCheck = (path: string, field: string, holds: (email: string) => boolean) =>
  http.get(q(`/user/${path}/:email`), async ({ request, params }) => {
    await recordCall(request);
    const email = decodeURIComponent(String(params.email));
    const caller = bearerEmail(request);
    if (!caller) return problem(401, 'sign in first', 'Unauthorized');
    if (caller !== email && !backend.admins.has(caller)) return problem(403, 'not yours', 'Forbidden');
    return HttpResponse.json({ [field]: holds(email) });
  });

/** The services as the UI sees them, over an in-memory backend (testing/backend.ts). */
export const handlers = [
  http.post(c('/jwt'), async ({ request }) => {
    const body = (await recordCall(request)) as { idToken?: string };
    const email = /^fake-id-token:(.+)$/.exec(body?.idToken ?? '')?.[1];
    if (!email) return problem(401, 'invalid ID token', 'Unauthorized');
    return HttpResponse.json({ token: `token:${email}` });
  }),
  http.get(q('/couponAvailable'), async ({ request }) => {
    await recordCall(request);
    return HttpResponse.json(backend.coupons.filter((coupon) => coupon.status === 'available'));
  }),
  http.get(q('/apartment'), async ({ request }) => {
    await recordCall(request);
    const page = Number(new URL(request.url).searchParams.get('page') ?? '0');
    return HttpResponse.json({
      result: backend.apartments.slice(page * 6, page * 6 + 6),
      postCount: backend.apartments.length,
    });
  }),
  roleCheck('admin', 'admin', (email) => backend.admins.has(email)),
  roleCheck('member', 'member', (email) => backend.members.has(email)),
  roleCheck('users', 'user', (email) => !backend.admins.has(email) && !backend.members.has(email)),
  http.post(c('/images'), async ({ request }) => {
    const form = (await recordCall(request)) as Map<string, MultipartValue> | undefined;
    const image = form?.get('image');
    if (!image || typeof image === 'string') return problem(400, 'image is required', 'Bad Request');
    // Uploads are identified by number: the tests choose the names.
    backend.uploads.push(`${image.size} bytes`);
    return HttpResponse.json({
      data: { display_url: `/images/uploads/photo-${backend.uploads.length}.png` },
    });
  }),
  http.post(c('/users/:email'), async ({ request }) => {
    const body = await recordCall(request);
    backend.users.push(body);
    return HttpResponse.json({
      insertedId: `user-${backend.users.length}`,
      position: backend.nextPosition++,
    });
  }),
  http.post(c('/agreement'), async ({ request }) => {
    const body = (await recordCall(request)) as { si: string | number };
    if (!bearerEmail(request)) return problem(401, 'sign in first', 'Unauthorized');
    if (backend.agreements.includes(body.si)) return problem(409, 'you already requested this apartment');
    backend.agreements.push(body.si);
    return HttpResponse.json({ insertedId: `agreement-${body.si}`, position: backend.nextPosition++ });
  }),
];

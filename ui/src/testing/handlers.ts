import { http, HttpResponse } from 'msw';
import { problemTypeOf, type RefusalCode } from '@building/events/refusals';
import { env } from '../lib/env.ts';
import { backend } from './backend.ts';
import type { MultipartValue } from './multipart.ts';
import { bearerEmail, recordCall } from './record-call.ts';
import { notificationHandlers } from './notification-handlers.ts';

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

/** PNG, JPEG, GIF or WebP (RIFF) by their first bytes: enough to tell them from SVG or text. */
const isRasterImage = (b: Uint8Array) =>
  (b[0] === 0x89 && b[1] === 0x50) ||
  (b[0] === 0xff && b[1] === 0xd8) ||
  (b[0] === 0x47 && b[1] === 0x49) ||
  (b[0] === 0x52 && b[1] === 0x49);

/** The services as the UI sees them, over an in-memory backend (testing/backend.ts). */
export const handlers = [
  http.post(c('/jwt'), async ({ request }) => {
    const body = (await recordCall(request)) as { idToken?: string };
    const email = /^fake-id-token:(.+)$/.exec(body?.idToken ?? '')?.[1];
    if (!email) return problem(401, 'invalid ID token', 'Unauthorized');
    const awaiting = backend.unverifiedAdmins.has(email) ? { adminAwaitsVerifiedEmail: true } : {};
    return HttpResponse.json({ token: `token:${email}`, ...awaiting });
  }),
  http.post(c('/logout'), async ({ request }) => {
    await recordCall(request);
    return new HttpResponse(null, { status: 204 });
  }),
  // The live stream's ticket (use-live-views); not recorded: screens' tests count their own calls.
  http.get(q('/events/ticket'), ({ request }) => {
    const caller = bearerEmail(request);
    if (!caller) return problem(401, 'sign in first', 'Unauthorized');
    return HttpResponse.json({ ticket: `ticket:${caller}`, expiresIn: 30 });
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
    // As the command-service: 5 MB at most, and only what its first bytes say is PNG, JPEG, WebP or GIF.
    if (image.size > 5 * 1024 * 1024)
      return problem(413, 'the image is larger than 5 MB', 'Content Too Large');
    if (!isRasterImage(image.head))
      return problem(400, 'the image must be a PNG, JPEG, WebP or GIF', 'Bad Request');
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
    const email = bearerEmail(request);
    if (!email) return problem(401, 'sign in first', 'Unauthorized');
    const pending = backend.agreements.some(
      (a) => a.si === body.si && a.email === email && a.status === 'pending',
    );
    if (pending)
      return problem(
        409,
        `a request for apartment ${body.si} is pending`,
        'Conflict',
        'agreement-request-pending',
      );
    backend.agreements.push({ si: body.si, email, status: 'pending', timestamp: Date.UTC(2026, 0, 5) });
    return HttpResponse.json({ insertedId: `agreement-${body.si}`, position: backend.nextPosition++ });
  }),
  http.delete(c('/agreement/:si'), async ({ request, params }) => {
    await recordCall(request);
    const email = bearerEmail(request);
    if (!email) return problem(401, 'sign in first', 'Unauthorized');
    const mine = backend.agreements.findLast((a) => String(a.si) === params.si && a.email === email);
    if (!mine) return problem(404, `no request by ${email} for this apartment`, 'Not Found');
    if (mine.status !== 'pending') return problem(409, `the request is ${mine.status}`);
    mine.status = 'withdrawn';
    return HttpResponse.json({ modifiedCount: 1, position: backend.nextPosition++ });
  }),
  http.get(q('/myAgreements/:email'), async ({ request, params }) => {
    await recordCall(request);
    const email = decodeURIComponent(String(params.email));
    if (bearerEmail(request) !== email) return problem(403, 'not yours', 'Forbidden');
    const rows = backend.agreements
      .filter((a) => a.email === email)
      .reverse()
      .flatMap((a, i) => {
        const apartment = backend.apartments.find((apt) => apt.si === a.si);
        if (!apartment) return [];
        const { _id, image: _image, status: _listed, ...details } = apartment;
        return [
          {
            ...details,
            _id: `${_id}-request-${i}`,
            user_name: email,
            user_email: email,
            status: a.status,
            timestamp: a.timestamp,
          },
        ];
      });
    return HttpResponse.json(rows);
  }),
  ...notificationHandlers,
];

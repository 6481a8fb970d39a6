import { http, HttpResponse } from 'msw';
import type { EmailKind } from '@building/events/catalogue';
import { env } from '../lib/env.ts';
import { backend } from './backend.ts';
import { bearerEmail, recordCall } from './record-call.ts';

const q = (path: string) => `${env.queryUrl}${path}`;
const c = (path: string) => `${env.commandUrl}${path}`;
const unauthorized = () =>
  HttpResponse.json(
    { title: 'Unauthorized', status: 401 },
    { status: 401, headers: { 'Content-Type': 'application/problem+json' } },
  );

/** The notification routes over the in-memory backend (the bell, the email switches). */
export const notificationHandlers = [
  http.get(q('/notifications/:email'), ({ request, params }) => {
    const email = decodeURIComponent(String(params.email));
    if (bearerEmail(request) !== email) return unauthorized();
    const mark = backend.readUpTo.get(email) ?? '';
    const all = (backend.notifications.get(email) ?? []).map((n) => ({ ...n, unread: n.createdAt > mark }));
    return HttpResponse.json({
      notifications: all.slice(0, 10),
      unread: all.filter((n) => n.unread).length,
      total: all.length,
    });
  }),
  http.post(c('/notifications/read'), async ({ request }) => {
    const body = (await recordCall(request)) as { upTo: string };
    const email = bearerEmail(request);
    if (!email) return unauthorized();
    backend.readUpTo.set(email, body.upTo);
    return HttpResponse.json({ modifiedCount: 1, position: ++backend.nextPosition });
  }),
  http.get(q('/email-preferences/:email'), ({ request, params }) => {
    const email = decodeURIComponent(String(params.email));
    if (bearerEmail(request) !== email) return unauthorized();
    return HttpResponse.json({ off: backend.emailOff.get(email) ?? [] });
  }),
  http.put(c('/users/:email/email-preferences'), async ({ request, params }) => {
    const body = (await recordCall(request)) as { off: EmailKind[] };
    const email = decodeURIComponent(String(params.email));
    if (bearerEmail(request) !== email) return unauthorized();
    backend.emailOff.set(email, body.off);
    return HttpResponse.json({ modifiedCount: 1, position: ++backend.nextPosition });
  }),
  // Saved on every sign-in (not recorded: screens' tests count their own calls).
  http.put(c('/users/:email/language'), async ({ request, params }) => {
    const body = (await request.json()) as { language: string };
    const email = decodeURIComponent(String(params.email));
    if (bearerEmail(request) !== email) return unauthorized();
    backend.languages.set(email, body.language);
    return HttpResponse.json({ modifiedCount: 1, position: backend.nextPosition });
  }),
];

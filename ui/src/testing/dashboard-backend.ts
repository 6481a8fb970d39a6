import { configure } from '@testing-library/react';
import { monthSchema, type Month } from '@building/events/catalogue';
import { parsePeriodSearch } from '@building/events/period-search';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import type { AgreementRequest } from '@building/events/read-models/agreement-requests';
import type { Announcement } from '@building/events/read-models/announcements';
import type { MemberApartment } from '@building/events/read-models/member-apartments';
import type { MemberListEntry as Member } from '@building/events/read-models/members';
import type { Payment } from '@building/events/read-models/payments';
import type { MonthRent, OverdueRent, RentLedger } from '@building/events/read-models/rent-ledger';
import type { AccountResponse } from '@building/events/read-models/account';
import type { ApartmentStats } from '@building/events/read-models/statistics';
import { http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import { env } from '../lib/env.ts';
import { backend, coupon } from './backend.ts';
import { bearerEmail, recordCall } from './record-call.ts';
import { problem } from './handlers.ts';
import { maintenanceHandlers, resetMaintenance } from './maintenance-backend.ts';
import { server } from './server.ts';

/**
 * The dashboard's endpoints over an in-memory state, for route tests. Roles and coupons come from
 * the foundation's `backend` (admins, members, coupons), so role checks and the home page agree.
 */
/** The payments view's rows, as GET /payments answers them (the read-model contract). */
export type StoredPayment = Payment;

interface Intent {
  id: string;
  email: string;
  si: number;
  month: string;
  year: number;
  payable: number;
}

export const dashboard = {
  announcements: [] as Announcement[],
  myAgreements: {} as Record<string, AgreementRequest[]>,
  /** Any shape: the statistics screen's test of a malformed answer sets one. */
  stats: {
    total: 8,
    available: 6,
    booked: 2,
    user: 5,
    member: 2,
    maintenance: { open: 0, acknowledged: 0, scheduled: 0, 'in-progress': 0, done: 0, declined: 0 },
  } as ApartmentStats | Record<string, unknown>,
  members: [] as Member[],
  requests: [] as AgreementRequest[],
  memberApartments: {} as Record<string, MemberApartment[]>,
  payments: [] as Payment[],
  /** GET /rent-ledger/:email's answers by email (an empty ledger for anyone else). */
  rentLedgers: {} as Record<string, RentLedger>,
  /** GET /account/:email's answers by email (an empty account for anyone else). */
  accounts: {} as Record<string, AccountResponse>,
  overdueRent: noneOverdue(),
  monthRent: noRent(),
  audit: undefined as unknown,
  intents: [] as Intent[],
  /** Card payments the sandbox confirmed (intent ids). */
  succeeded: new Set<string>(),
  paymentMethods: new Map<string, string>(),
};

function noneOverdue(): OverdueRent {
  return { asOf: '2026-03-10T00:00:00.000Z', members: 0, months: 0, amountPoisha: 0, rows: [] };
}

function noRent(): MonthRent {
  return {
    asOf: '2026-03-10T00:00:00.000Z',
    year: 2026,
    month: 'March',
    duePoisha: 0,
    collectedPoisha: 0,
    overduePoisha: 0,
  };
}

export const sandboxUrl = 'http://sandbox.test';

/** An announcement as GET /anouncement answers it: unpinned, never expiring, never edited unless said. */
export const announcement = (
  fields: Pick<Announcement, '_id' | 'title' | 'description' | 'postedAt'> & Partial<Announcement>,
): Announcement => ({ pinned: false, expiresOn: null, editedAt: null, ...fields });

/** POST /addCoupon's and PUT /coupons/:id's body: absent limits are none. */
interface CouponBody {
  discount: number;
  description?: string;
  expiresOn?: string | null;
  usageLimit?: number | null;
}
const couponTerms = (body: CouponBody) => ({
  discount: body.discount,
  description: body.description ?? '',
  expiresOn: body.expiresOn ?? null,
  usageLimit: body.usageLimit ?? null,
});

/** POST and PUT /anouncement's body. */
interface AnnouncementBody {
  title: string;
  description: string;
  pinned?: boolean;
  expiresOn?: string | null;
}

export function resetDashboard() {
  dashboard.announcements = [
    announcement({
      _id: 'n1',
      title: 'Water supply',
      description: 'The water will be off on Friday from 10 to 12.',
      postedAt: '2026-01-04T20:30:00.000Z',
    }),
    announcement({
      _id: 'n2',
      title: 'Rooftop party',
      description: 'Join us on the rooftop garden on Saturday evening.',
      postedAt: '2026-01-02T09:00:00.000Z',
    }),
  ];
  dashboard.myAgreements = {};
  dashboard.stats = {
    total: 8,
    available: 6,
    booked: 2,
    user: 5,
    member: 2,
    maintenance: { open: 0, acknowledged: 0, scheduled: 0, 'in-progress': 0, done: 0, declined: 0 },
  };
  dashboard.members = [];
  dashboard.requests = [];
  dashboard.memberApartments = {};
  dashboard.payments = [];
  dashboard.rentLedgers = {};
  dashboard.accounts = {};
  dashboard.overdueRent = noneOverdue();
  dashboard.monthRent = noRent();
  dashboard.audit = undefined;
  dashboard.intents = [];
  dashboard.succeeded = new Set();
  dashboard.paymentMethods = new Map();
}

const q = (path: string) => `${env.queryUrl}${path}`;
const c = (path: string) => `${env.commandUrl}${path}`;

/** The services' refusal of a month already paid (naming the apartment by serial, as they do), or null. */
function alreadyPaid({ si, month, year }: { si: number; month: string; year: number }) {
  if (!dashboard.payments.some((p) => p.si === si && p.month === month && p.year === year)) return null;
  return problem(
    409,
    `the rent of apartment ${si} for ${month} ${year} is already paid`,
    'Conflict',
    'rent-already-paid',
  );
}

/** Who may call: 'admin' for admin calls, 'signed-in' for the rest; else the problem to answer. */
function refuse(request: Request, need: 'admin' | 'signed-in', owner?: string) {
  const caller = bearerEmail(request);
  if (!caller) return problem(401, 'sign in first', 'Unauthorized');
  if (need === 'admin' && !backend.admins.has(caller)) return problem(403, 'admins only', 'Forbidden');
  if (owner !== undefined && owner !== caller && !backend.admins.has(caller)) {
    return problem(403, 'not yours', 'Forbidden');
  }
  return null;
}

const written = () => ({ position: backend.nextPosition++ });
const param = (value: unknown) => decodeURIComponent(String(value));

export const dashboardHandlers = [
  http.get(q('/anouncement'), async ({ request }) => {
    await recordCall(request);
    return refuse(request, 'signed-in') ?? HttpResponse.json(dashboard.announcements);
  }),
  http.post(c('/anouncement'), async ({ request }) => {
    const body = (await recordCall(request)) as AnnouncementBody;
    const refused = refuse(request, 'admin');
    if (refused) return refused;
    if (!body.title || !body.description)
      return problem(400, 'title and description are required', 'Bad Request');
    const _id = `n${dashboard.announcements.length + 1}`;
    dashboard.announcements.unshift(
      announcement({
        _id,
        title: body.title,
        description: body.description,
        postedAt: new Date().toISOString(),
        pinned: body.pinned ?? false,
        expiresOn: body.expiresOn ?? null,
      }),
    );
    return HttpResponse.json({ insertedId: _id, ...written() });
  }),
  http.put(c('/anouncement/:id'), async ({ request, params }) => {
    const body = (await recordCall(request)) as AnnouncementBody;
    const refused = refuse(request, 'admin');
    if (refused) return refused;
    const index = dashboard.announcements.findIndex((a) => a._id === param(params.id));
    const was = dashboard.announcements[index];
    if (!was) return problem(404, 'no such announcement', 'Not Found', 'announcement-not-found');
    const now = { pinned: body.pinned ?? false, expiresOn: body.expiresOn ?? null };
    const changed =
      was.title !== body.title ||
      was.description !== body.description ||
      was.pinned !== now.pinned ||
      was.expiresOn !== now.expiresOn;
    dashboard.announcements[index] = { ...was, title: body.title, description: body.description, ...now };
    return HttpResponse.json({ modifiedCount: changed ? 1 : 0, ...written() });
  }),
  http.get(q('/myAgreements/:email'), async ({ request, params }) => {
    await recordCall(request);
    const email = param(params.email);
    return refuse(request, 'signed-in', email) ?? HttpResponse.json(dashboard.myAgreements[email] ?? []);
  }),
  http.get(q('/apartmentData'), async ({ request }) => {
    await recordCall(request);
    return refuse(request, 'admin') ?? HttpResponse.json(dashboard.stats as never);
  }),
  http.get(q('/members'), async ({ request }) => {
    await recordCall(request);
    return refuse(request, 'admin') ?? HttpResponse.json(dashboard.members);
  }),
  http.patch(c('/memberRemove/:email'), async ({ request, params }) => {
    await recordCall(request);
    const refused = refuse(request, 'admin');
    if (refused) return refused;
    const email = param(params.email);
    if (!dashboard.members.some((m) => m.email === email))
      return problem(404, `${email} is not a member`, 'Not Found');
    dashboard.members = dashboard.members.filter((m) => m.email !== email);
    backend.members.delete(email);
    return HttpResponse.json({ modifiedCount: 1, ...written() });
  }),
  http.get(q('/agreement'), async ({ request }) => {
    await recordCall(request);
    return refuse(request, 'admin') ?? HttpResponse.json(dashboard.requests);
  }),
  http.put(c('/acceptAgreement'), async ({ request }) => {
    const body = (await recordCall(request)) as { si: number; email: string };
    const refused = refuse(request, 'admin');
    if (refused) return refused;
    const found = dashboard.requests.find((r) => r.si === body.si && r.user_email === body.email);
    if (!found) return problem(409, 'there is no pending request of this user for this apartment');
    dashboard.requests = dashboard.requests.filter((r) => r.si !== body.si);
    backend.members.add(body.email);
    return HttpResponse.json({ modifiedCount: 1, ...written() });
  }),
  http.patch(c('/rejectAgreement/:si'), async ({ request, params }) => {
    const body = (await recordCall(request)) as { email: string };
    const refused = refuse(request, 'admin');
    if (refused) return refused;
    const si = Number(params.si);
    dashboard.requests = dashboard.requests.filter((r) => !(r.si === si && r.user_email === body.email));
    return HttpResponse.json({ modifiedCount: 1, ...written() });
  }),
  http.get(q('/coupons'), async ({ request }) => {
    await recordCall(request);
    const caller = bearerEmail(request);
    const refused = refuse(request, 'signed-in');
    if (refused) return refused;
    const all = caller && backend.admins.has(caller);
    return HttpResponse.json(
      all ? backend.coupons : backend.coupons.filter((coupon) => coupon.status === 'available'),
    );
  }),
  http.post(c('/addCoupon'), async ({ request }) => {
    const body = (await recordCall(request)) as CouponBody & { code: string };
    const refused = refuse(request, 'admin');
    if (refused) return refused;
    if (backend.coupons.some((coupon) => coupon.code.toLowerCase() === body.code.toLowerCase())) {
      return problem(409, `the coupon code '${body.code}' is already used`, 'Conflict', 'coupon-code-taken');
    }
    const _id = `c${backend.coupons.length + 1}`;
    backend.coupons.push(coupon({ _id, code: body.code, ...couponTerms(body) }));
    return HttpResponse.json({ insertedId: _id, ...written() });
  }),
  http.put(c('/coupons/:id'), async ({ request, params }) => {
    const body = (await recordCall(request)) as CouponBody;
    const refused = refuse(request, 'admin');
    if (refused) return refused;
    const index = backend.coupons.findIndex((candidate) => candidate._id === params.id);
    const was = backend.coupons[index];
    if (!was) return problem(404, 'no such coupon', 'Not Found', 'coupon-not-found');
    const terms = couponTerms(body);
    if (terms.usageLimit !== null && terms.usageLimit < was.uses)
      return problem(400, 'used more often', 'Bad Request', 'coupon-limit-below-uses');
    backend.coupons[index] = { ...was, ...terms };
    return HttpResponse.json({ modifiedCount: 1, ...written() });
  }),
  ...(['couponAvailable', 'couponUnavailable'] as const).map((path) =>
    http.patch(c(`/${path}/:id`), async ({ request, params }) => {
      await recordCall(request);
      const refused = refuse(request, 'admin');
      if (refused) return refused;
      const coupon = backend.coupons.find((candidate) => candidate._id === params.id);
      if (!coupon) return problem(404, 'no such coupon', 'Not Found');
      coupon.status = path === 'couponAvailable' ? 'available' : 'unavailable';
      return HttpResponse.json({ modifiedCount: 1, ...written() });
    }),
  ),
  http.get(q('/memberData/:email'), async ({ request, params }) => {
    await recordCall(request);
    const email = param(params.email);
    return refuse(request, 'signed-in', email) ?? HttpResponse.json(dashboard.memberApartments[email] ?? []);
  }),
  http.post(c('/create-payment-intent'), async ({ request }) => {
    const body = (await recordCall(request)) as { si: number; month: string; year: number; code?: string };
    const refused = refuse(request, 'signed-in');
    if (refused) return refused;
    const email = bearerEmail(request) ?? '';
    const lease = dashboard.memberApartments[email]?.find((apartment) => apartment.si === body.si);
    if (!lease)
      return problem(403, `you have no active lease of apartment ${body.si}`, 'Forbidden', 'no-active-lease');
    const paid = alreadyPaid(body);
    if (paid) return paid;
    let discount = 0;
    if (body.code) {
      const coupon = backend.coupons.find(
        (candidate) => candidate.code.toLowerCase() === body.code?.toLowerCase(),
      );
      if (!coupon)
        return problem(400, `no coupon with the code '${body.code}'`, 'Bad Request', 'unknown-coupon-code');
      if (coupon.status !== 'available')
        return problem(409, `the coupon '${body.code}' is not available`, 'Conflict', 'coupon-unavailable');
      if (coupon.expiresOn !== null && coupon.expiresOn < buildingDate(new Date()))
        return problem(409, `the coupon '${coupon.code}' expired`, 'Conflict', 'coupon-expired');
      if (coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit)
        return problem(409, `the coupon '${coupon.code}' was used up`, 'Conflict', 'coupon-used-up');
      discount = coupon.discount;
    }
    const payable = lease.rent - (lease.rent * discount) / 100;
    const id = `pi_${dashboard.intents.length + 1}`;
    dashboard.intents.push({ id, email, si: body.si, month: body.month, year: body.year, payable });
    return HttpResponse.json({
      ClientSecret: `${id}_secret_abc`,
      paymentIntentId: id,
      rent: lease.rent,
      discount,
      payable,
      amount: payable * 100,
      ...written(),
    });
  }),
  http.post(c('/payment'), async ({ request }) => {
    const body = (await recordCall(request)) as { paymentIntentId: string };
    const refused = refuse(request, 'signed-in');
    if (refused) return refused;
    const intent = dashboard.intents.find((candidate) => candidate.id === body.paymentIntentId);
    if (!intent || !dashboard.succeeded.has(intent.id)) return problem(409, 'the payment has not succeeded');
    const paid = alreadyPaid(intent);
    if (paid) return paid;
    dashboard.payments.push({
      _id: `pay-${dashboard.payments.length + 1}`,
      email: intent.email,
      name: intent.email,
      si: intent.si,
      apartment: `${100 + intent.si}`,
      block: 'A',
      floor: 1,
      month: monthSchema.parse(intent.month),
      year: intent.year,
      price: intent.payable,
      TransactionId: intent.id,
      time: 1_767_225_600,
      couponCode: null,
      discount: 0,
      status: 'paid',
      refundReason: null,
    });
    return HttpResponse.json({ insertedId: intent.id, ...written() });
  }),
  http.get(q('/rent-ledger/:email'), async ({ request, params }) => {
    await recordCall(request);
    const email = param(params.email);
    const empty: RentLedger = {
      email,
      asOf: new Date().toISOString(),
      balancePoisha: 0,
      overduePoisha: 0,
      leases: [],
    };
    return refuse(request, 'signed-in', email) ?? HttpResponse.json(dashboard.rentLedgers[email] ?? empty);
  }),
  http.get(q('/account/:email'), async ({ request, params }) => {
    await recordCall(request);
    const email = param(params.email);
    const empty: AccountResponse = {
      email,
      asOf: new Date().toISOString(),
      lines: [],
      balance: 0,
      months: [],
    };
    return refuse(request, 'signed-in', email) ?? HttpResponse.json(dashboard.accounts[email] ?? empty);
  }),
  http.get(q('/overdue-rent'), async ({ request }) => {
    await recordCall(request);
    return refuse(request, 'admin') ?? HttpResponse.json(dashboard.overdueRent);
  }),
  http.get(q('/rent-month'), async ({ request }) => {
    await recordCall(request);
    return refuse(request, 'admin') ?? HttpResponse.json(dashboard.monthRent);
  }),
  http.get(q('/payments/:email'), async ({ request, params }) => {
    await recordCall(request);
    const email = param(params.email);
    const refused = refuse(request, 'signed-in', email);
    if (refused) return refused;
    const search = parsePeriodSearch(new URL(request.url).searchParams.get('month') ?? '');
    const found = (p: { month: string; year?: number | null }) =>
      search !== 'nothing' &&
      (!search.months || search.months.includes(p.month as Month)) &&
      (!search.years || search.years.includes(p.year ?? 0));
    return HttpResponse.json(dashboard.payments.filter((p) => p.email === email && found(p)));
  }),
  http.get(c('/payments/:id/receipt'), async ({ request, params }) => {
    await recordCall(request);
    const refused = refuse(request, 'signed-in');
    if (refused) return refused;
    if (!dashboard.payments.some((p) => p.TransactionId === params.id))
      return problem(404, 'no such payment', 'Not Found');
    return new HttpResponse(new Blob(['%PDF-1.4 receipt'], { type: 'application/pdf' }), {
      headers: { 'Content-Type': 'application/pdf' },
    });
  }),
  http.get(q('/admin/audit'), async ({ request }) => {
    await recordCall(request);
    return (
      refuse(request, 'admin') ??
      HttpResponse.json(
        (dashboard.audit as never) ?? { events: [], verification: { ok: true, streams: 0, events: 0 } },
      )
    );
  }),
  // The payment sandbox, as its Stripe.js stand-in calls it: 4000 0000 0000 0002 is declined.
  http.post(`${sandboxUrl}/v1/payment_methods`, async ({ request }) => {
    const body = (await recordCall(request)) as Record<string, string>;
    const id = `pm_${dashboard.paymentMethods.size + 1}`;
    dashboard.paymentMethods.set(id, body['card[number]'] ?? '');
    return HttpResponse.json({ id, object: 'payment_method', type: 'card' });
  }),
  http.post(`${sandboxUrl}/v1/payment_intents/:id/confirm`, async ({ request, params }) => {
    const body = (await recordCall(request)) as Record<string, string>;
    const id = String(params.id);
    if (dashboard.paymentMethods.get(body.payment_method ?? '') === '4000000000000002') {
      return HttpResponse.json(
        { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
        { status: 402 },
      );
    }
    dashboard.succeeded.add(id);
    return HttpResponse.json({ id, object: 'payment_intent', status: 'succeeded' });
  }),
];

/** Serves the dashboard's endpoints in every test of the calling file. */
export function serveDashboardBackend() {
  // The first test of a file also waits for the lazy dashboard chunks to compile.
  configure({ asyncUtilTimeout: 4000 });
  beforeEach(() => {
    resetDashboard();
    resetMaintenance();
    server.use(...dashboardHandlers, ...maintenanceHandlers);
  });
}

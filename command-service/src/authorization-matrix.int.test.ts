import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponIdFor } from '@building/domain/coupon/coupon-id';
import { monthNames } from '@building/events/catalogue';
import { buildingDay } from '@building/events/rent-ledger/building-calendar';
import { imageForm } from './testing/sample-images.ts';
import {
  adminEmail,
  freshEmail,
  nextUnique,
  startTestService,
  type CallOptions,
  type TestService,
} from './testing/test-service.ts';

/**
 * Every command route x every kind of caller, with the status each must get. Each cell prepares its
 * own fresh data (apartment, request, coupon, member), so cells never depend on each other.
 * To cover a new route, add a row.
 */
const actors = ['anonymous', 'user', 'member', 'otherMember', 'admin'] as const;
type ActorName = (typeof actors)[number];
interface Actor {
  email: string;
  token: string | null;
}
interface Request extends CallOptions {
  method: string;
  path: string;
}
interface Row {
  route: string;
  prepare: (t: TestService, actor: Actor, all: Record<ActorName, Actor>) => Promise<Request>;
  expect: Record<ActorName, number>;
}

const adminOnly = { anonymous: 401, user: 403, member: 403, otherMember: 403, admin: 200 };
const anySignedIn = { anonymous: 401, user: 200, member: 200, otherMember: 200, admin: 200 };

async function pendingRequest(t: TestService): Promise<{ si: number; email: string }> {
  const email = freshEmail('requester');
  const token = await t.register(email);
  const si = await t.listApartment();
  expect((await t.call('POST', '/agreement', { token, body: { si } })).status).toBe(200);
  return { si, email };
}

async function coupon(t: TestService, all: Record<ActorName, Actor>, available: boolean): Promise<string> {
  const code = `CODE${nextUnique()}`;
  const token = all.admin.token;
  expect(
    (await t.call('POST', '/addCoupon', { token, body: { code, discount: 10, description: 'x' } })).status,
  ).toBe(200);
  if (!available) await t.call('PATCH', `/couponUnavailable/${couponIdFor(code)}`, { token });
  return couponIdFor(code);
}

/** An announcement the admin posts. */
async function announcement(t: TestService, all: Record<ActorName, Actor>): Promise<string> {
  const body = { title: 'Lift', description: 'Serviced on Sunday.' };
  const reply = await t.call('POST', '/anouncement', { token: all.admin.token, body });
  expect(reply.status).toBe(200);
  return reply.body.insertedId as string;
}

/** An expense the admin records. */
async function expense(t: TestService, all: Record<ActorName, Actor>): Promise<string> {
  const reply = await t.call('POST', '/expenses', { token: all.admin.token, body: expenseBody });
  expect(reply.status).toBe(200);
  return reply.body.insertedId as string;
}
const expenseBody = { date: '2026-01-02', category: 'cleaning', vendor: 'Shapla Cleaners', amount: 1500 };
const recurringBody = { category: 'salaries', vendor: 'Guards', amount: 24000, dayOfMonth: 1 };

/** A maintenance request the member files. */
async function maintenanceRequest(t: TestService, all: Record<ActorName, Actor>): Promise<string> {
  const reply = await t.call('POST', '/maintenance', {
    token: all.member.token,
    body: { category: 'electrical', description: 'The hall light flickers.' },
  });
  expect(reply.status).toBe(200);
  return reply.body.insertedId as string;
}

/** The month it is in the building now: a fresh lease owes it. */
function thisMonth() {
  const { year, index } = buildingDay(new Date());
  return { month: monthNames[index]!, year };
}

/** A fresh member's lease, and a body naming its apartment and this month. */
async function leasedMonth(t: TestService) {
  const email = freshEmail('tenant');
  const { si } = await t.makeMember(email);
  return { email, si, ...thisMonth() };
}

/** A charge the admin adds to a fresh lease's month. */
async function charge(t: TestService, all: Record<ActorName, Actor>) {
  const { si, month, year } = await leasedMonth(t);
  const body = { target: { si }, kind: 'water', month, year, amount: 250, description: 'Pump' };
  const reply = await t.call('POST', '/charges', { token: all.admin.token, body });
  expect(reply.status).toBe(200);
  return { si, month, year, chargeId: (reply.body.insertedIds as string[])[0]! };
}

/** Money the admin records at the desk for a fresh lease's month. */
async function deskPayment(t: TestService, all: Record<ActorName, Actor>) {
  const { email, si, month, year } = await leasedMonth(t);
  const body = { email, si, month, year, method: 'cash', reference: `DESK-${nextUnique()}`, amount: 100 };
  const reply = await t.call('POST', '/payments/offline', { token: all.admin.token, body });
  expect(reply.status).toBe(200);
  return { si, month, year, paymentId: reply.body.paymentId as string };
}

const apartmentBody = {
  apartment: '5C01',
  block: 'C',
  floor: 5,
  room: '3 bed, 3 bath',
  rent: 30_000,
  image: '/images/apartments/a.svg',
};

const matrix: Row[] = [
  {
    route: 'POST /jwt (with a valid Firebase ID token)',
    prepare: async (t, actor) => ({
      method: 'POST',
      path: '/jwt',
      body: { idToken: await t.google.idToken(actor.token ? actor.email : freshEmail('visitor')) },
    }),
    expect: { anonymous: 200, user: 200, member: 200, otherMember: 200, admin: 200 },
  },
  {
    route: "POST /users/:email (the member's email)",
    prepare: async (_t, _actor, all) => ({
      method: 'POST',
      path: `/users/${all.member.email}`,
      body: { name: 'New Name', email: all.member.email },
    }),
    expect: { anonymous: 401, user: 403, member: 200, otherMember: 403, admin: 403 },
  },
  {
    route: "PUT /users/:email/email-preferences (the member's email)",
    prepare: async (_t, _actor, all) => ({
      method: 'PUT',
      path: `/users/${all.member.email}/email-preferences`,
      body: { off: ['rent-reminder'] },
    }),
    expect: { anonymous: 401, user: 403, member: 200, otherMember: 403, admin: 403 },
  },
  {
    route: "PUT /users/:email/language (the member's email)",
    prepare: async (_t, _actor, all) => ({
      method: 'PUT',
      path: `/users/${all.member.email}/language`,
      body: { language: 'bn' },
    }),
    expect: { anonymous: 401, user: 403, member: 200, otherMember: 403, admin: 403 },
  },
  {
    route: 'POST /notifications/read',
    prepare: async () => ({ method: 'POST', path: '/notifications/read', body: {} }),
    expect: anySignedIn,
  },
  {
    route: 'POST /agreement',
    prepare: async (t) => ({ method: 'POST', path: '/agreement', body: { si: await t.listApartment() } }),
    expect: { anonymous: 401, user: 200, member: 200, otherMember: 200, admin: 403 },
  },
  {
    route: 'PUT /acceptAgreement',
    prepare: async (t) => {
      const { si, email } = await pendingRequest(t);
      return { method: 'PUT', path: '/acceptAgreement', body: { si, email } };
    },
    expect: adminOnly,
  },
  {
    route: 'PATCH /rejectAgreement/:si',
    prepare: async (t) => {
      const { si, email } = await pendingRequest(t);
      return { method: 'PATCH', path: `/rejectAgreement/${si}`, body: { email } };
    },
    expect: adminOnly,
  },
  {
    route: 'PATCH /memberRemove/:email (another member)',
    prepare: async (t) => {
      const email = freshEmail('tenant');
      await t.makeMember(email);
      return { method: 'PATCH', path: `/memberRemove/${email}` };
    },
    expect: adminOnly,
  },
  {
    route: 'PATCH /memberRemove/:email (the caller themself)',
    prepare: async (_t, actor) => ({ method: 'PATCH', path: `/memberRemove/${actor.email}` }),
    expect: { anonymous: 401, user: 403, member: 403, otherMember: 403, admin: 409 },
  },
  {
    route: 'POST /addCoupon',
    prepare: async () => ({
      method: 'POST',
      path: '/addCoupon',
      body: { code: `NEW${nextUnique()}`, discount: 15, description: 'd' },
    }),
    expect: adminOnly,
  },
  {
    route: 'PUT /coupons/:id',
    prepare: async (t, _actor, all) => ({
      method: 'PUT',
      path: `/coupons/${await coupon(t, all, true)}`,
      body: { discount: 20, usageLimit: 10 },
    }),
    expect: adminOnly,
  },
  {
    route: 'PATCH /couponUnavailable/:id',
    prepare: async (t, _actor, all) => ({
      method: 'PATCH',
      path: `/couponUnavailable/${await coupon(t, all, true)}`,
    }),
    expect: adminOnly,
  },
  {
    route: 'PATCH /couponAvailable/:id',
    prepare: async (t, _actor, all) => ({
      method: 'PATCH',
      path: `/couponAvailable/${await coupon(t, all, false)}`,
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /anouncement',
    prepare: async () => ({
      method: 'POST',
      path: '/anouncement',
      body: { title: 'Lift', description: 'Serviced on Sunday.' },
    }),
    expect: adminOnly,
  },
  {
    route: 'PUT /anouncement/:id',
    prepare: async (t, _actor, all) => ({
      method: 'PUT',
      path: `/anouncement/${await announcement(t, all)}`,
      body: { title: 'Lift', description: 'Serviced on Monday.', pinned: true },
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /apartments',
    prepare: async () => ({ method: 'POST', path: '/apartments', body: apartmentBody }),
    expect: adminOnly,
  },
  {
    route: 'PUT /apartments/:si',
    prepare: async (t) => ({
      method: 'PUT',
      path: `/apartments/${await t.listApartment()}`,
      body: { ...apartmentBody, rent: 31_000 },
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /maintenance',
    prepare: async () => ({
      method: 'POST',
      path: '/maintenance',
      body: { category: 'appliance', description: 'The fridge hums.' },
    }),
    expect: { anonymous: 401, user: 403, member: 200, otherMember: 200, admin: 403 },
  },
  {
    route: 'PATCH /maintenance/:id/status',
    prepare: async (t, _actor, all) => ({
      method: 'PATCH',
      path: `/maintenance/${await maintenanceRequest(t, all)}/status`,
      body: { status: 'acknowledged' },
    }),
    expect: adminOnly,
  },
  {
    route: "POST /maintenance/:id/comments (the member's request)",
    prepare: async (t, _actor, all) => ({
      method: 'POST',
      path: `/maintenance/${await maintenanceRequest(t, all)}/comments`,
      body: { text: 'Any news?' },
    }),
    expect: { anonymous: 401, user: 403, member: 200, otherMember: 403, admin: 200 },
  },
  {
    route: "POST /charges (a member's apartment, this month)",
    prepare: async (t) => {
      const { si, month, year } = await leasedMonth(t);
      const body = { target: { si }, kind: 'service', month, year, amount: 1500, description: '' };
      return { method: 'POST', path: '/charges', body };
    },
    expect: adminOnly,
  },
  {
    route: 'POST /charges (every leased apartment)',
    prepare: async () => ({
      method: 'POST',
      path: '/charges',
      body: { target: 'all', kind: 'other', ...thisMonth(), amount: 10, description: 'Gate remote' },
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /charges/cancel (an unpaid charge)',
    prepare: async (t, _actor, all) => ({
      method: 'POST',
      path: '/charges/cancel',
      body: { ...(await charge(t, all)), reason: 'Added twice' },
    }),
    expect: adminOnly,
  },
  {
    route: 'PUT /charge-plans/service',
    prepare: async () => ({ method: 'PUT', path: '/charge-plans/service', body: { amount: 1500 } }),
    expect: adminOnly,
  },
  {
    route: 'PUT /tariffs/:utility',
    prepare: async () => ({ method: 'PUT', path: '/tariffs/electricity', body: { perUnit: 8, fixed: 100 } }),
    expect: adminOnly,
  },
  {
    route: "POST /meter-readings (a member's apartment)",
    prepare: async (t) => {
      const { si } = await leasedMonth(t);
      const body = { si, utility: 'water', reading: 120, readAt: new Date().toISOString() };
      return { method: 'POST', path: '/meter-readings', body };
    },
    expect: adminOnly,
  },
  {
    route: "POST /payments/offline (part of a member's month)",
    prepare: async (t) => {
      const month = await leasedMonth(t);
      const body = { ...month, method: 'bkash', reference: `BK-${nextUnique()}`, amount: 500 };
      return { method: 'POST', path: '/payments/offline', body };
    },
    expect: adminOnly,
  },
  {
    route: 'POST /payments/offline/reverse (a payment at the desk)',
    prepare: async (t, _actor, all) => ({
      method: 'POST',
      path: '/payments/offline/reverse',
      body: { ...(await deskPayment(t, all)), reason: 'Recorded on the wrong flat' },
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /deposits/payments (a member’s deposit)',
    prepare: async (t) => {
      const email = freshEmail('tenant');
      const { si } = await t.makeMember(email);
      const body = { si, email, method: 'cash', reference: 'DESK-1', amount: 100 };
      return { method: 'POST', path: '/deposits/payments', body };
    },
    expect: adminOnly,
  },
  {
    route: 'POST /deposits/settle (a lease that ended)',
    prepare: async (t, _actor, all) => {
      const email = freshEmail('tenant');
      const { si } = await t.makeMember(email);
      await t.call('PATCH', `/memberRemove/${email}`, { token: all.admin.token });
      const body = { si, email, deductions: [], method: 'cash', reference: 'DESK-2' };
      return { method: 'POST', path: '/deposits/settle', body };
    },
    expect: adminOnly,
  },
  {
    route: 'POST /expenses',
    prepare: async () => ({ method: 'POST', path: '/expenses', body: expenseBody }),
    expect: adminOnly,
  },
  {
    route: 'POST /expenses/:id/reverse',
    prepare: async (t, _actor, all) => ({
      method: 'POST',
      path: `/expenses/${await expense(t, all)}/reverse`,
      body: { reason: 'Entered twice' },
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /expenses/recurring',
    prepare: async () => ({ method: 'POST', path: '/expenses/recurring', body: recurringBody }),
    expect: adminOnly,
  },
  {
    route: 'POST /expenses/recurring/:id/stop',
    prepare: async (t, _actor, all) => {
      const set = await t.call('POST', '/expenses/recurring', {
        token: all.admin.token,
        body: recurringBody,
      });
      return { method: 'POST', path: `/expenses/recurring/${set.body.insertedId as string}/stop` };
    },
    expect: adminOnly,
  },
  {
    route: 'POST /images',
    prepare: async () => ({ method: 'POST', path: '/images', raw: imageForm() }),
    expect: anySignedIn,
  },
];

describe('authorization matrix of the command routes', () => {
  let t: TestService;
  let all: Record<ActorName, Actor>;
  beforeAll(async () => {
    t = await startTestService();
    const user = freshEmail('user');
    const member = freshEmail('member');
    const otherMember = freshEmail('other-member');
    all = {
      anonymous: { email: freshEmail('anonymous'), token: null },
      user: { email: user, token: await t.register(user) },
      member: { email: member, token: (await t.makeMember(member)).token },
      otherMember: { email: otherMember, token: (await t.makeMember(otherMember)).token },
      admin: { email: adminEmail, token: await t.register(adminEmail, 'Admin') },
    };
  });
  afterAll(() => t.close());

  for (const row of matrix) {
    for (const actor of actors) {
      it(`${row.route} as ${actor} -> ${row.expect[actor]}`, async () => {
        const { method, path, ...options } = await row.prepare(t, all[actor], all);
        const before = await t.store.lastPosition();
        const reply = await t.call(method, path, { ...options, token: all[actor].token });
        expect({ status: reply.status, body: reply.body }).toMatchObject({ status: row.expect[actor] });
        // A refused command stores nothing.
        if (reply.status >= 400) expect(await t.store.lastPosition()).toBe(before);
      });
    }
  }
});

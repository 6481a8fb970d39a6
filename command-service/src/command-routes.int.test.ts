import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@building/events/streams';
import { verifyAccessToken } from '@building/infra/auth/access-token';
import { couponIdFor } from './coupon/coupon-id.ts';
import {
  adminEmail,
  freshEmail,
  nextUnique,
  jwtSecret,
  startTestService,
  type TestService,
} from './testing/test-service.ts';

/** The routes' answers (the fields the UI reads, plus `position`) and what they record. */
describe('the command routes', () => {
  let t: TestService;
  let admin: string;

  beforeAll(async () => {
    t = await startTestService();
    admin = await t.register(adminEmail, 'Admin');
  });
  afterAll(() => t.close());

  describe('POST /jwt', () => {
    it('trades a verified ID token for our access token, registering the person at first sign-in', async () => {
      const email = freshEmail('newcomer');
      const reply = await t.call('POST', '/jwt', {
        body: { idToken: await t.google.idToken(email, { name: 'New Comer' }) },
      });
      expect(reply.status).toBe(200);
      expect(await verifyAccessToken(reply.body.token, jwtSecret)).toEqual({ email, uid: `uid-${email}` });
      expect((await t.eventsOf(streams.user(email))).map((e) => [e.type, e.data])).toEqual([
        ['UserRegistered', { email, name: 'New Comer', photoURL: '' }],
      ]);
      const again = await t.call('POST', '/jwt', { body: { idToken: await t.google.idToken(email) } });
      expect(again.status).toBe(200);
      expect(await t.eventsOf(streams.user(email))).toHaveLength(1);
    });
  });

  describe('POST /users/:email', () => {
    it('registers once, grants admin to a listed email in the same transaction, then records only changes', async () => {
      const email = freshEmail('profile');
      const token = await t.tokenFor(email);
      const first = await t.call('POST', `/users/${email}`, { token, body: { name: 'Pro File', email } });
      expect(first.body).toEqual({ insertedId: email, position: expect.any(Number) });
      const same = await t.call('POST', `/users/${email}`, { token, body: { name: 'Pro File', email } });
      expect(same.body).toEqual({ insertedId: null, position: first.body.position });
      const changed = await t.call('POST', `/users/${email}`, {
        token,
        body: { name: 'Pro File', photoURL: 'https://img.test/p.png' },
      });
      expect(changed.body.position).toBeGreaterThan(first.body.position);
      expect((await t.eventsOf(streams.user(email))).map((e) => e.type)).toEqual([
        'UserRegistered',
        'ProfileUpdated',
      ]);

      const adminLog = await t.eventsOf(streams.user(adminEmail));
      expect(adminLog.map((e) => e.type)).toEqual(['UserRegistered', 'AdminGranted']);
      expect(adminLog[0]!.correlationId).toBe(adminLog[1]!.correlationId);
    });

    it('refuses a photo URL that is not a web link, naming the field', async () => {
      const email = freshEmail('xss');
      const reply = await t.call('POST', `/users/${email}`, {
        token: await t.tokenFor(email),
        body: { photoURL: 'javascript:alert(1)' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.errors[0].field).toBe('photoURL');
    });
  });

  describe('agreements', () => {
    it('answers the request id, accepts and rejects with modifiedCount', async () => {
      const [a, b] = [freshEmail('a'), freshEmail('b')];
      const si = await t.listApartment();
      const requested = await t.call('POST', '/agreement', { token: await t.register(a), body: { si } });
      expect(requested.body).toEqual({ insertedId: expect.any(String), position: expect.any(Number) });
      await t.call('POST', '/agreement', { token: await t.register(b), body: { si } });
      const noEmail = await t.call('PATCH', `/rejectAgreement/${si}`, { token: admin });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.errors[0].field).toBe('email');
      const rejected = await t.call('PATCH', `/rejectAgreement/${si}?email=${encodeURIComponent(b)}`, {
        token: admin,
      });
      expect(rejected.body).toEqual({ modifiedCount: 1, position: expect.any(Number) });
      const accepted = await t.call('PUT', '/acceptAgreement', { token: admin, body: { si, email: a } });
      expect(accepted.body).toEqual({ modifiedCount: 1, position: expect.any(Number) });
      expect(accepted.body.position).toBe(await t.store.lastPosition());
      expect((await t.eventsOf(streams.user(a))).at(-1)).toMatchObject({
        type: 'MemberPromoted',
        data: { email: a, si },
      });
    });

    it('says 404 for an unknown apartment, request or member', async () => {
      expect(
        (
          await t.call('POST', '/agreement', {
            token: await t.register(freshEmail('c')),
            body: { si: 999_999 },
          })
        ).status,
      ).toBe(404);
      expect(
        (await t.call('PUT', '/acceptAgreement', { token: admin, body: { si: 999_999, email: 'x@y.test' } }))
          .status,
      ).toBe(404);
      expect((await t.call('PATCH', '/memberRemove/nobody@building.test', { token: admin })).status).toBe(
        404,
      );
    });
  });

  describe('coupons', () => {
    it('adds with a unique, case-insensitive code and toggles, answering modifiedCount 0 for no change', async () => {
      const added = await t.call('POST', '/addCoupon', {
        token: admin,
        body: { code: 'Eid25', discount: '25', description: 'Eid offer', status: 'unavailable' },
      });
      expect(added.body).toEqual({ insertedId: couponIdFor('eid25'), position: expect.any(Number) });
      const id = added.body.insertedId;
      expect((await t.eventsOf(streams.coupon(id)))[0]!.data).toEqual({
        couponId: id,
        code: 'Eid25',
        discount: 25,
        description: 'Eid offer',
      });
      expect(
        (await t.call('POST', '/addCoupon', { token: admin, body: { code: 'EID25', discount: 5 } })).status,
      ).toBe(409);
      const off = await t.call('PATCH', `/couponUnavailable/${id}`, { token: admin });
      expect(off.body).toEqual({ modifiedCount: 1, position: expect.any(Number) });
      expect((await t.call('PATCH', `/couponUnavailable/${id}`, { token: admin })).body).toEqual({
        modifiedCount: 0,
        position: off.body.position,
      });
      expect((await t.call('PATCH', `/couponAvailable/${id}`, { token: admin })).body.modifiedCount).toBe(1);
    });

    it('lets exactly one of several simultaneous adds of one code (any case) win', async () => {
      const codes = ['Race', 'RACE', 'race', 'rAcE', 'RaCe', 'racE'];
      const replies = await Promise.all(
        codes.map((code) => t.call('POST', '/addCoupon', { token: admin, body: { code, discount: 10 } })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await t.eventsOf(streams.coupon(couponIdFor('race')))).toHaveLength(1);
    });

    it('refuses a discount outside 1..100 or not an integer, naming the field', async () => {
      for (const discount of [0, 101, 10.5, 'ten', null, true]) {
        const reply = await t.call('POST', '/addCoupon', {
          token: admin,
          body: { code: `D${nextUnique()}`, discount },
        });
        expect(reply.status).toBe(400);
        expect(reply.body.errors[0].field).toBe('discount');
      }
    });
  });

  describe('announcements and apartments', () => {
    it('posts an announcement', async () => {
      const reply = await t.call('POST', '/anouncement', {
        token: admin,
        body: { title: 'Gas', description: 'Line check on Monday.' },
      });
      expect(reply.body).toEqual({ insertedId: expect.any(String), position: expect.any(Number) });
      expect((await t.eventsOf(streams.announcement(reply.body.insertedId)))[0]!.type).toBe(
        'AnnouncementPosted',
      );
    });

    it('lists apartments with the next si and edits them', async () => {
      const si = await t.listApartment();
      const next = await t.listApartment();
      expect(next).toBe(si + 1);
      const body = {
        apartment: '2B01',
        block: 'B',
        floor: 2,
        room: '3 bed, 2 bath',
        rent: 21_000,
        image: '/images/apartments/x.svg',
      };
      expect((await t.call('PUT', `/apartments/${si}`, { token: admin, body })).body.modifiedCount).toBe(1);
      expect((await t.call('PUT', `/apartments/${si}`, { token: admin, body })).body.modifiedCount).toBe(0);
      expect((await t.call('PUT', '/apartments/999999', { token: admin, body })).status).toBe(404);
      expect(
        (
          await t.call('PUT', `/apartments/${si}`, {
            token: admin,
            body: { ...body, image: 'javascript:alert(1)' },
          })
        ).status,
      ).toBe(400);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { verifyAccessToken } from '@building/infra/auth/access-token';
import type { Caller } from '@building/domain/command-handling/caller';
import { couponIdFor } from '@building/domain/coupon/coupon-id';
import { apartment, accepted, registered, requested, requestId } from '@building/domain/testing/fixtures';
import { appendHistory } from './testing/append-history.ts';
import { httpSpecFor } from './testing/http-spec.ts';
import { person, joined } from './testing/people.ts';
import { imageForm } from './testing/sample-images.ts';
import {
  freshEmail,
  jwtSecret,
  nextUnique,
  startTestService,
  type TestService,
} from './testing/test-service.ts';

/**
 * The command routes as business rules over HTTP: given(the streams' history) -> when(a request)
 * -> then(the answer the UI reads, the events recorded). Each spec builds its own people and
 * apartments, so specs never depend on each other.
 */
let t: TestService;
let given: ReturnType<typeof httpSpecFor>;
beforeAll(async () => {
  t = await startTestService();
  given = httpSpecFor(t);
});
afterAll(() => t.close());

const freshSi = () => 900_000 + nextUnique();
const listed = (si: number): DomainEvent => ({ type: 'ApartmentListed', data: apartment(si) });
const { image: _image, ...lease } = apartment(1);
const termsOf = (si: number) => ({ ...lease, si });
const promoted = (who: Caller, si: number): DomainEvent => ({
  type: 'MemberPromoted',
  data: { email: who.email, si },
});
const written = { position: expect.any(Number) };

describe('POST /jwt', () => {
  it('trades a verified ID token for our access token, registering the person at first sign-in', async () => {
    const email = freshEmail('newcomer');
    const reply = await t.call('POST', '/jwt', {
      body: { idToken: await t.google.idToken(email, { name: 'New Comer' }) },
    });
    expect(reply.status).toBe(200);
    expect(await verifyAccessToken(reply.body.token, jwtSecret)).toMatchObject({
      email,
      uid: `uid-${email}`,
      emailVerified: true,
    });
    expect((await t.eventsOf(streams.user(email))).map((e) => [e.type, e.data])).toEqual([
      ['UserRegistered', { email, name: 'New Comer', photoURL: '' }],
    ]);
    const again = await t.call('POST', '/jwt', { body: { idToken: await t.google.idToken(email) } });
    expect(again.status).toBe(200);
    expect(await t.eventsOf(streams.user(email))).toHaveLength(1);
  });
});

describe('POST /users/:email', () => {
  it('registers a newcomer, answering their email as insertedId', async () => {
    const rafi = person('user', 'rafi');
    await given()
      .when({ method: 'POST', path: `/users/${rafi.email}`, as: rafi.email, body: { name: 'rafi' } })
      .then({ status: 200, body: { insertedId: rafi.email, ...written } }, registered(rafi));
  });

  it('records only a change of a known profile', async () => {
    const rafi = person('user', 'rafi');
    const photoURL = 'https://img.test/p.png';
    await given(registered(rafi))
      .when({ method: 'POST', path: `/users/${rafi.email}`, as: rafi.email, body: { name: 'rafi' } })
      .then({ status: 200, body: { insertedId: null, ...written } });
    await given()
      .when({ method: 'POST', path: `/users/${rafi.email}`, as: rafi.email, body: { photoURL } })
      .then(
        { status: 200, body: { insertedId: null, ...written } },
        { type: 'ProfileUpdated', data: { email: rafi.email, name: 'rafi', photoURL } },
      );
  });

  it('refuses to record someone else’s profile', async () => {
    const [rafi, eve] = [person('user', 'rafi'), person('user', 'eve')];
    await given(registered(rafi))
      .when({ method: 'POST', path: `/users/${rafi.email}`, as: eve.email, body: { name: 'Eve' } })
      .thenRefused('own-profile-only', 403);
  });
});

describe('POST /agreement', () => {
  it('records a request with the apartment’s own details, whatever the client sends', async () => {
    const [rafi, si] = [person('user', 'rafi'), freshSi()];
    await given(registered(rafi), listed(si))
      .when({ method: 'POST', path: '/agreement', as: rafi.email, body: { si, rent: 1 } })
      .then(
        { status: 200, body: { insertedId: expect.any(String), ...written } },
        {
          type: 'AgreementRequested',
          data: {
            ...termsOf(si),
            requestId: expect.any(String),
            userEmail: rafi.email,
            userName: 'rafi',
            requestedAt: expect.any(String),
          },
        },
      );
  });

  it('refuses a booked apartment, a second pending request, an unknown apartment', async () => {
    const [rafi, tania, si] = [person('user', 'rafi'), person('user', 'tania'), freshSi()];
    await given(...joined(rafi), ...joined(tania), listed(si), requested(rafi, 1, si), accepted(rafi, 1, si))
      .when({ method: 'POST', path: '/agreement', as: tania.email, body: { si } })
      .thenRefused('apartment-already-booked', 409);
    const other = freshSi();
    await given(listed(other), requested(tania, 2, other))
      .when({ method: 'POST', path: '/agreement', as: tania.email, body: { si: other } })
      .thenRefused('agreement-request-pending', 409);
    await given()
      .when({ method: 'POST', path: '/agreement', as: tania.email, body: { si: freshSi() } })
      .thenRefused('apartment-not-found', 404);
  });

  it('refuses an admin, and a token holder who has recorded no profile', async () => {
    const [boss, ghost, si] = [person('admin', 'boss'), person('user', 'ghost'), freshSi()];
    await given(...joined(boss), listed(si))
      .when({ method: 'POST', path: '/agreement', as: boss.email, body: { si } })
      .thenRefused('admin-cannot-request', 403);
    await given()
      .when({ method: 'POST', path: '/agreement', as: ghost.email, body: { si } })
      .thenRefused('profile-required', 403);
  });
});

describe('PUT /acceptAgreement and PATCH /rejectAgreement/:si', () => {
  it('accepting books the apartment, rejects the other requests and promotes, in one answer', async () => {
    const [boss, rafi, tania, si] = [
      person('admin', 'boss'),
      person('user', 'rafi'),
      person('user', 'tania'),
      freshSi(),
    ];
    const history = [...joined(boss), ...joined(rafi), ...joined(tania), listed(si)];
    await given(...history, requested(rafi, 1, si), requested(tania, 2, si))
      .when({ method: 'PUT', path: '/acceptAgreement', as: boss.email, body: { si, email: rafi.email } })
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        {
          type: 'AgreementAccepted',
          data: {
            ...termsOf(si),
            requestId: requestId(1),
            userEmail: rafi.email,
            userName: rafi.name,
            acceptedAt: expect.any(String),
          },
        },
        {
          type: 'AgreementRejected',
          data: {
            requestId: requestId(2),
            si,
            userEmail: tania.email,
            reason: 'apartment-booked',
          },
        },
        promoted(rafi, si),
        // The lease owes its deposit at once: two months of 24,000 taka.
        {
          type: 'DepositOwed',
          data: expect.objectContaining({
            leaseId: requestId(1),
            email: rafi.email,
            amountPoisha: 4_800_000,
          }),
        },
      );
  });

  it('rejecting (the email in the query) marks the request rejected by the admin, once', async () => {
    const [boss, rafi, si] = [person('admin', 'boss'), person('user', 'rafi'), freshSi()];
    const reject = {
      method: 'PATCH',
      path: `/rejectAgreement/${si}?email=${encodeURIComponent(rafi.email)}`,
      as: boss.email,
    } as const;
    await given(...joined(boss), ...joined(rafi), listed(si), requested(rafi, 1, si))
      .when(reject)
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        {
          type: 'AgreementRejected',
          data: {
            requestId: requestId(1),
            si,
            userEmail: rafi.email,
            reason: 'rejected-by-admin',
          },
        },
      );
    await given().when(reject).thenRefused('agreement-request-decided', 409);
  });

  it('rejecting without an email (the original client sends no body) takes the only pending request', async () => {
    const [boss, rafi, tania, si] = [
      person('admin', 'boss'),
      person('user', 'rafi'),
      person('user', 'tania'),
      freshSi(),
    ];
    const reject = { method: 'PATCH', path: `/rejectAgreement/${si}`, as: boss.email } as const;
    await given(...joined(boss), ...joined(rafi), ...joined(tania), listed(si), requested(rafi, 1, si))
      .when(reject)
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        {
          type: 'AgreementRejected',
          data: { requestId: requestId(1), si, userEmail: rafi.email, reason: 'rejected-by-admin' },
        },
      );
    await given().when(reject).thenRefused('agreement-request-not-found', 404);
    await given(requested(tania, 2, si), requested(rafi, 3, si))
      .when(reject)
      .thenRefused('agreement-request-ambiguous', 409);
  });

  it('refuses a non-admin, and a request nobody made', async () => {
    const [boss, rafi, mina, si] = [
      person('admin', 'boss'),
      person('user', 'rafi'),
      person('user', 'mina'),
      freshSi(),
    ];
    await given(...joined(boss), ...joined(rafi), ...joined(mina), listed(si), requested(rafi, 1, si))
      .when({ method: 'PUT', path: '/acceptAgreement', as: mina.email, body: { si, email: rafi.email } })
      .thenRefused('admin-only', 403);
    await given()
      .when({ method: 'PUT', path: '/acceptAgreement', as: boss.email, body: { si, email: mina.email } })
      .thenRefused('agreement-request-not-found', 404);
  });
});

describe('DELETE /agreement/:si', () => {
  it('lets the requester withdraw their own pending request, once; nobody else has one to withdraw', async () => {
    const [rafi, mina, si] = [person('user', 'rafi'), person('user', 'mina'), freshSi()];
    const withdraw = (who: Caller) =>
      ({ method: 'DELETE', path: `/agreement/${si}`, as: who.email }) as const;
    await given(...joined(rafi), ...joined(mina), listed(si), requested(rafi, 1, si))
      .when(withdraw(rafi))
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        {
          type: 'AgreementWithdrawn',
          data: { requestId: requestId(1), si, userEmail: rafi.email, withdrawnAt: expect.any(String) },
        },
      );
    await given().when(withdraw(rafi)).thenRefused('agreement-request-decided', 409);
    await given().when(withdraw(mina)).thenRefused('agreement-request-not-found', 404);
  });
});

describe('PATCH /memberRemove/:email', () => {
  it('demotes a member and ends their lease', async () => {
    const [boss, mina, si] = [person('admin', 'boss'), person('user', 'mina'), freshSi()];
    await given(
      ...joined(boss),
      ...joined(mina),
      listed(si),
      requested(mina, 1, si),
      accepted(mina, 1, si),
      promoted(mina, si),
    )
      .when({ method: 'PATCH', path: `/memberRemove/${mina.email}`, as: boss.email })
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        { type: 'MemberDemoted', data: { email: mina.email, endedLeases: [si] } },
        {
          type: 'LeaseEnded',
          data: { si, userEmail: mina.email, endedAt: expect.any(String), reason: 'member-demoted' },
        },
      );
  });

  it('refuses a user with no lease, an admin, and nobody', async () => {
    const [boss, rafi, chief] = [person('admin', 'boss'), person('user', 'rafi'), person('admin', 'chief')];
    await given(...joined(boss), ...joined(rafi), ...joined(chief))
      .when({ method: 'PATCH', path: `/memberRemove/${rafi.email}`, as: boss.email })
      .thenRefused('not-a-member', 409);
    await given()
      .when({ method: 'PATCH', path: `/memberRemove/${chief.email}`, as: boss.email })
      .thenRefused('admin-cannot-be-demoted', 409);
    await given()
      .when({ method: 'PATCH', path: '/memberRemove/nobody@building.test', as: boss.email })
      .thenRefused('user-not-found', 404);
  });
});

describe('coupons', () => {
  it('adds a coupon under the id of its lower-cased code', async () => {
    const boss = person('admin', 'boss');
    const code = `Eid${nextUnique()}`;
    const couponId = couponIdFor(code.toLowerCase());
    await given(...joined(boss))
      .when({
        method: 'POST',
        path: '/addCoupon',
        as: boss.email,
        body: { code, discount: '25', description: 'Eid offer', status: 'unavailable' },
      })
      .then(
        { status: 200, body: { insertedId: couponId, ...written } },
        { type: 'CouponAdded', data: { couponId, code, discount: 25, description: 'Eid offer' } },
      );
    await given()
      .when({
        method: 'POST',
        path: '/addCoupon',
        as: boss.email,
        body: { code: code.toUpperCase(), discount: 5 },
      })
      .thenRefused('coupon-code-taken', 409);
  });

  it('adds a coupon with its last day and its limit of uses', async () => {
    const boss = person('admin', 'boss');
    const code = `Pohela${nextUnique()}`;
    const couponId = couponIdFor(code);
    const body = { code, discount: 20, expiresOn: '2099-04-14', usageLimit: 50 };
    await given(...joined(boss))
      .when({ method: 'POST', path: '/addCoupon', as: boss.email, body })
      .then(
        { status: 200, body: { insertedId: couponId, ...written } },
        { type: 'CouponAdded', data: { couponId, code, discount: 20, description: '' } },
        { type: 'CouponLimitsSet', data: { couponId, expiresOn: '2099-04-14', usageLimit: 50 } },
      );
    const add = { method: 'POST', path: '/addCoupon', as: boss.email } as const;
    await given()
      .when({ ...add, body: { ...body, code: `Late${nextUnique()}`, expiresOn: '2001-01-01' } })
      .thenRefused('coupon-expiry-past', 400);
    const zero = await given()
      .when({ ...add, body: { ...body, code: `None${nextUnique()}`, usageLimit: 0 } })
      .thenRefused('invalid-input', 400);
    expect(zero.body.errors).toEqual([expect.objectContaining({ field: 'usageLimit' })]);
  });

  it('edits a coupon: what changed is recorded, the same terms again nothing; a limit below its uses is refused', async () => {
    const boss = person('admin', 'boss');
    const code = `Edit${nextUnique()}`;
    const couponId = couponIdFor(code);
    const edit = {
      method: 'PUT',
      path: `/coupons/${couponId}`,
      as: boss.email,
      body: { discount: 15, description: 'Fifteen off', expiresOn: null, usageLimit: 1 },
    } as const;
    const redeemed = (paymentIntentId: string): DomainEvent => ({
      type: 'CouponRedeemed',
      data: { couponId, si: 1, month: 'January', year: 2026, paymentIntentId },
    });
    await given(...joined(boss), {
      type: 'CouponAdded',
      data: { couponId, code, discount: 10, description: '' },
    })
      .when(edit)
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        { type: 'CouponEdited', data: { couponId, discount: 15, description: 'Fifteen off' } },
        { type: 'CouponLimitsSet', data: { couponId, expiresOn: null, usageLimit: 1 } },
      );
    await given()
      .when(edit)
      .then({ status: 200, body: { modifiedCount: 0, ...written } });
    await given(redeemed('pi_a'), redeemed('pi_b')).when(edit).thenRefused('coupon-limit-below-uses', 400);
    await given()
      .when({ ...edit, path: `/coupons/${couponIdFor(`nope${nextUnique()}`)}` })
      .thenRefused('coupon-not-found', 404);
  });

  it('toggles availability, answering modifiedCount 0 (and the last position) for no change', async () => {
    const boss = person('admin', 'boss');
    const code = `Off${nextUnique()}`;
    const couponId = couponIdFor(code.toLowerCase());
    const off = { method: 'PATCH', path: `/couponUnavailable/${couponId}`, as: boss.email } as const;
    const disabled = await given(...joined(boss), {
      type: 'CouponAdded',
      data: { couponId, code, discount: 10, description: '' },
    })
      .when(off)
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        { type: 'CouponDisabled', data: { couponId } },
      );
    await given()
      .when(off)
      .then({ status: 200, body: { modifiedCount: 0, position: disabled.body.position } });
    await given()
      .when({ method: 'PATCH', path: `/couponAvailable/${couponId}`, as: boss.email })
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        { type: 'CouponEnabled', data: { couponId } },
      );
    await given()
      .when({ ...off, path: `/couponUnavailable/${couponIdFor(`nope${nextUnique()}`)}` })
      .thenRefused('coupon-not-found', 404);
  });

  it('lets exactly one of several simultaneous adds of one code (any case) win', async () => {
    const boss = person('admin', 'boss');
    await appendHistory(t.store, joined(boss));
    const admin = await t.tokenFor(boss.email);
    const codes = ['Race', 'RACE', 'race', 'rAcE', 'RaCe', 'racE'];
    const replies = await Promise.all(
      codes.map((code) => t.call('POST', '/addCoupon', { token: admin, body: { code, discount: 10 } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await t.eventsOf(streams.coupon(couponIdFor('race')))).toHaveLength(1);
  });
});

describe('announcements and apartments', () => {
  it('posts an announcement', async () => {
    const boss = person('admin', 'boss');
    await given(...joined(boss))
      .when({
        method: 'POST',
        path: '/anouncement',
        as: boss.email,
        body: { title: 'Gas', description: 'Line check on Monday.' },
      })
      .then(
        { status: 200, body: { insertedId: expect.any(String), ...written } },
        {
          type: 'AnnouncementPosted',
          data: { announcementId: expect.any(String), title: 'Gas', description: 'Line check on Monday.' },
        },
      );
  });

  it('posts an announcement pinned, with the last day residents see it', async () => {
    const boss = person('admin', 'boss');
    const body = { title: 'Gas', description: 'Line check.', pinned: true, expiresOn: '2099-12-31' };
    const announcementId = expect.any(String);
    await given(...joined(boss))
      .when({ method: 'POST', path: '/anouncement', as: boss.email, body })
      .then(
        { status: 200, body: { insertedId: expect.any(String), ...written } },
        { type: 'AnnouncementPosted', data: { announcementId, title: 'Gas', description: 'Line check.' } },
        { type: 'AnnouncementPinned', data: { announcementId } },
        { type: 'AnnouncementExpirySet', data: { announcementId, expiresOn: '2099-12-31' } },
      );
  });

  it('edits an announcement: what changed is recorded, the same terms again nothing', async () => {
    const boss = person('admin', 'boss');
    const announcementId = crypto.randomUUID();
    const posted: DomainEvent = {
      type: 'AnnouncementPosted',
      data: { announcementId, title: 'Gas', description: 'Line check on Monday.' },
    };
    const edit = {
      method: 'PUT',
      path: `/anouncement/${announcementId}`,
      as: boss.email,
      body: { title: 'Gas', description: 'Line check on Tuesday.', pinned: true, expiresOn: null },
    } as const;
    await given(...joined(boss), posted)
      .when(edit)
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        {
          type: 'AnnouncementEdited',
          data: { announcementId, title: 'Gas', description: 'Line check on Tuesday.' },
        },
        { type: 'AnnouncementPinned', data: { announcementId } },
      );
    await given()
      .when(edit)
      .then({ status: 200, body: { modifiedCount: 0, ...written } });
    // Absent, pinned and expiresOn mean unpinned and no expiry: the whole announcement is sent.
    await given()
      .when({ ...edit, body: { title: 'Gas', description: 'Line check on Tuesday.' } })
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        { type: 'AnnouncementUnpinned', data: { announcementId } },
      );
  });

  it('refuses an expiry before today, a date that does not exist, and an unknown announcement', async () => {
    const boss = person('admin', 'boss');
    const post = { method: 'POST', path: '/anouncement', as: boss.email } as const;
    const words = { title: 'Gas', description: 'Line check.' };
    await given(...joined(boss))
      .when({ ...post, body: { ...words, expiresOn: '2001-01-01' } })
      .thenRefused('announcement-expiry-past', 400);
    const invalid = await given()
      .when({ ...post, body: { ...words, expiresOn: '2099-02-30' } })
      .thenRefused('invalid-input', 400);
    expect(invalid.body.errors).toEqual([expect.objectContaining({ field: 'expiresOn' })]);
    await given()
      .when({ ...post, method: 'PUT', path: `/anouncement/${crypto.randomUUID()}`, body: words })
      .thenRefused('announcement-not-found', 404);
  });

  it('edits an apartment, recording nothing for the same details, and refuses an unknown one', async () => {
    const [boss, si] = [person('admin', 'boss'), freshSi()];
    const { si: _si, ...details } = apartment(si, { rent: 21_000 });
    const edit = { method: 'PUT', path: `/apartments/${si}`, as: boss.email, body: details } as const;
    await given(...joined(boss), listed(si))
      .when(edit)
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        { type: 'ApartmentUpdated', data: apartment(si, { rent: 21_000 }) },
      );
    await given()
      .when(edit)
      .then({ status: 200, body: { modifiedCount: 0, ...written } });
    await given()
      .when({ ...edit, path: `/apartments/${freshSi()}` })
      .thenRefused('apartment-not-found', 404);
  });

  it('lists apartments with the next si', async () => {
    const si = await t.listApartment();
    expect(await t.listApartment()).toBe(si + 1);
  });
});

describe('maintenance requests', () => {
  const filing = { category: 'plumbing' as const, description: 'The kitchen tap drips.' };
  /** A member of a fresh apartment (the history their lease leaves), and an admin. */
  const leased = () => {
    const [mina, boss, si] = [person('member', 'mina'), person('admin', 'boss'), freshSi()];
    const history = [...joined(mina), ...joined(boss), listed(si), accepted(mina, 1, si), promoted(mina, si)];
    return { mina, boss, si, history };
  };
  const upload = async (email: string) => {
    const reply = await t.call('POST', '/images', { token: await t.tokenFor(email), raw: imageForm() });
    return reply.body.data.display_url as string;
  };
  const filedBy = (mina: Caller, si: number, photos: string[] = []): DomainEvent => ({
    type: 'MaintenanceRequested' as const,
    data: {
      requestId: expect.any(String),
      email: mina.email,
      name: mina.name,
      si,
      apartment: '3A01',
      block: 'A',
      ...filing,
      photos,
      requestedAt: expect.any(String),
    },
  });
  /** Files a request through the route; answers its id. */
  const fileAs = async (email: string) => {
    const reply = await t.call('POST', '/maintenance', { token: await t.tokenFor(email), body: filing });
    expect(reply.status).toBe(200);
    return reply.body.insertedId as string;
  };

  it("files a member's request about the apartment their lease names, with an uploaded photo", async () => {
    const { mina, si, history } = leased();
    await appendHistory(t.store, history);
    const photo = await upload(mina.email);
    await given()
      .when({
        method: 'POST',
        path: '/maintenance',
        as: mina.email,
        // The apartment in the body is not the member's to choose: the lease says which.
        body: { ...filing, photos: [photo], apartment: 'Z9Z9', block: 'Z' },
      })
      .then(
        { status: 200, body: { insertedId: expect.any(String), ...written } },
        filedBy(mina, si, [photo]),
      );
  });

  it('refuses a request from someone with no lease, and from an admin', async () => {
    const [rafi, boss] = [person('user', 'rafi'), person('admin', 'boss')];
    const file = (who: Caller) =>
      ({ method: 'POST', path: '/maintenance', as: who.email, body: filing }) as const;
    await given(...joined(rafi))
      .when(file(rafi))
      .thenRefused('no-active-lease', 403);
    await given(...joined(boss))
      .when(file(boss))
      .thenRefused('no-active-lease', 403);
    const { mina, history } = leased();
    await given(...history)
      .when({ ...file(mina), body: { ...filing, si: freshSi() } })
      .thenRefused('no-active-lease', 403);
  });

  it('refuses photos that are not our uploads, more than three, and a bad category, naming the field', async () => {
    const { mina, history } = leased();
    await appendHistory(t.store, history);
    const photo = await upload(mina.email);
    const fields = async (body: unknown) =>
      (
        await given()
          .when({ method: 'POST', path: '/maintenance', as: mina.email, body })
          .thenRefused('invalid-input', 400)
      ).body.errors.map((e: { field: string }) => e.field);
    expect(await fields({ ...filing, photos: ['https://elsewhere.test/images/x.png'] })).toEqual([
      'photos.0',
    ]);
    expect(await fields({ ...filing, photos: [photo, 'javascript:alert(1)'] })).toEqual(['photos.1']);
    // Shaped like ours, but nothing was uploaded under that id.
    expect(
      await fields({ ...filing, photos: [photo, `http://command.test/images/${requestId(99)}`] }),
    ).toEqual(['photos.1']);
    // Uploaded here, but by someone else: only the requester's own photos.
    const others = await upload(person('user', 'nosy').email);
    expect(await fields({ ...filing, photos: [photo, others] })).toEqual(['photos.1']);
    expect(await fields({ ...filing, photos: [photo, photo, photo, photo] })).toEqual(['photos']);
    expect(await fields({ ...filing, category: 'roof' })).toEqual(['category']);
    expect(await fields({ category: 'other', description: '   ' })).toEqual(['description']);
  });

  it('is triaged by an admin: scheduled with a date, then done; a repeat records nothing', async () => {
    const { mina, boss, si, history } = leased();
    await appendHistory(t.store, history);
    const id = await fileAs(mina.email);
    const triage = (body: unknown) =>
      ({ method: 'PATCH', path: `/maintenance/${id}/status`, as: boss.email, body }) as const;
    const change = (status: 'scheduled' | 'done', more = {}): DomainEvent => ({
      type: 'MaintenanceStatusChanged' as const,
      data: {
        requestId: id,
        email: mina.email,
        si,
        apartment: '3A01',
        status,
        ...more,
        changedBy: boss.email,
        changedAt: expect.any(String),
      },
    });
    const day = '2099-01-15';
    await given()
      .when(triage({ status: 'scheduled', scheduledFor: day }))
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        change('scheduled', { scheduledFor: day }),
      );
    await given()
      .when(triage({ status: 'scheduled', scheduledFor: day }))
      .then({ status: 200, body: { modifiedCount: 0, ...written } });
    await given()
      .when(triage({ status: 'done' }))
      .then({ status: 200, body: { modifiedCount: 1, ...written } }, change('done'));
    await given()
      .when(triage({ status: 'in-progress' }))
      .thenRefused('maintenance-request-closed', 409);
  });

  it('refuses triage by a member, of an unknown request, and with missing or malformed fields', async () => {
    const { mina, boss, history } = leased();
    await appendHistory(t.store, history);
    const id = await fileAs(mina.email);
    const triage = (body: unknown, as = boss.email, path = `/maintenance/${id}/status`) =>
      given().when({ method: 'PATCH', path, as, body });
    await triage({ status: 'acknowledged' }, mina.email).thenRefused('admin-only', 403);
    await triage({ status: 'acknowledged' }, boss.email, `/maintenance/${requestId(98)}/status`).thenRefused(
      'maintenance-request-not-found',
      404,
    );
    await triage({ status: 'acknowledged' }, boss.email, '/maintenance/not-an-id/status').thenRefused(
      'invalid-input',
      400,
    );
    for (const body of [
      { status: 'scheduled' },
      { status: 'scheduled', scheduledFor: '2099-02-30' },
      { status: 'scheduled', scheduledFor: 'tomorrow' },
      { status: 'declined' },
      { status: 'declined', reason: '  ' },
      { status: 'open' },
      { status: 'fixed' },
    ])
      await triage(body).thenRefused('invalid-input', 400);
  });

  it('takes comments from the member who filed it and from admins, no one else', async () => {
    const { mina, boss, history } = leased();
    await appendHistory(t.store, history);
    const id = await fileAs(mina.email);
    const rafi = person('user', 'rafi');
    const say = (as: string, text: unknown) =>
      given().when({ method: 'POST', path: `/maintenance/${id}/comments`, as, body: { text } });
    const said = (author: string, authorRole: 'member' | 'admin', text: string): DomainEvent => ({
      type: 'MaintenanceCommentAdded' as const,
      data: { requestId: id, email: mina.email, author, authorRole, text, commentedAt: expect.any(String) },
    });
    await say(mina.email, 'Still dripping.').then(
      { status: 200, body: written },
      said(mina.email, 'member', 'Still dripping.'),
    );
    await say(boss.email, 'Plumber on Monday.').then(
      { status: 200, body: written },
      said(boss.email, 'admin', 'Plumber on Monday.'),
    );
    await appendHistory(t.store, joined(rafi));
    await say(rafi.email, 'Me too').thenRefused('not-your-maintenance-request', 403);
    await say(mina.email, '').thenRefused('invalid-input', 400);
    await say(mina.email, 'x'.repeat(2001)).thenRefused('invalid-input', 400);
  });

  it('is read-only for its former member once their lease has ended; admins still comment', async () => {
    const { mina, boss, history } = leased();
    await appendHistory(t.store, history);
    const id = await fileAs(mina.email);
    const say = (as: string) =>
      given().when({ method: 'POST', path: `/maintenance/${id}/comments`, as, body: { text: 'Hello' } });
    await say(mina.email).then({ status: 200, body: written }, expect.anything());
    const demoted = await t.call('PATCH', `/memberRemove/${mina.email}`, {
      token: await t.tokenFor(boss.email),
    });
    expect(demoted.status).toBe(200);
    await say(mina.email).thenRefused('no-active-lease', 403);
    await say(boss.email).then({ status: 200, body: written }, expect.anything());
  });
});

describe('bad input', () => {
  it('is refused as invalid-input naming the field, recording nothing', async () => {
    const [boss, rafi, si] = [person('admin', 'boss'), person('user', 'rafi'), freshSi()];
    const field = async (reply: Promise<{ body: { errors: Array<{ field: string }> } }>) =>
      (await reply).body.errors.map((e) => e.field);
    expect(
      await field(
        given(...joined(boss), ...joined(rafi), listed(si), requested(rafi, 1, si))
          .when({ method: 'PATCH', path: `/rejectAgreement/${si}?email=not-an-email`, as: boss.email })
          .thenRefused('invalid-input', 400),
      ),
    ).toEqual(['email']);
    expect(
      await field(
        given()
          .when({
            method: 'POST',
            path: `/users/${rafi.email}`,
            as: rafi.email,
            body: { photoURL: 'javascript:alert(1)' },
          })
          .thenRefused('invalid-input', 400),
      ),
    ).toEqual(['photoURL']);
    for (const discount of [0, 101, 10.5, 'ten', null, true]) {
      expect(
        await field(
          given()
            .when({
              method: 'POST',
              path: '/addCoupon',
              as: boss.email,
              body: { code: `D${nextUnique()}`, discount },
            })
            .thenRefused('invalid-input', 400),
        ),
      ).toEqual(['discount']);
    }
    const { si: _si, ...details } = apartment(si);
    expect(
      await field(
        given()
          .when({
            method: 'PUT',
            path: `/apartments/${si}`,
            as: boss.email,
            body: { ...details, image: 'javascript:alert(1)' },
          })
          .thenRefused('invalid-input', 400),
      ),
    ).toEqual(['image']);
  });
});

describe('the problem types', () => {
  it('describe themselves where they point', async () => {
    const reply = await t.call('GET', '/problems/apartment-already-booked');
    expect(reply.body).toEqual({
      type: '/problems/apartment-already-booked',
      code: 'apartment-already-booked',
      title: 'The apartment is already booked',
      status: 409,
    });
    expect((await t.call('GET', '/problems/no-such-rule')).status).toBe(404);
  });
});

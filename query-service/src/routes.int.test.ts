import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';
import { createPostgresRevocationStore } from '@building/infra/auth/postgres-revocation-store';
import { verifyAccessToken } from '@building/infra/auth/access-token';
import { monthNames } from '@building/events/catalogue';
import { buildingDay } from '@building/events/rent-ledger/building-calendar';
import { createQueryHarness, jwtSecret, uiOrigin, type QueryHarness } from './testing/query-harness.ts';

type Who = 'anonymous' | 'user' | 'member' | 'anotherMember' | 'admin';
const as: Record<Who, string | undefined> = {
  anonymous: undefined,
  user: people.bob.email,
  member: people.alice.email,
  anotherMember: people.frank.email,
  admin: people.admin.email,
};
const everyone = { anonymous: 200, user: 200, member: 200, anotherMember: 200, admin: 200 };
const signedIn = { anonymous: 401, user: 200, member: 200, anotherMember: 200, admin: 200 };
const adminOnly = { anonymous: 401, user: 403, member: 403, anotherMember: 403, admin: 200 };
// Per-user routes below ask about the member (alice).
const ownerOrAdmin = { anonymous: 401, user: 403, member: 200, anotherMember: 403, admin: 200 };
const alice = encodeURIComponent(people.alice.email);

const matrix: Array<[string, Record<Who, number>]> = [
  ['/apartment?page=0', everyone],
  ['/couponAvailable', everyone],
  ['/images/apartments/apartment-1.svg', everyone],
  ['/health', everyone],
  ['/coupons', signedIn],
  ['/anouncement', signedIn],
  ['/events/stream', everyone],
  ['/apartmentData', adminOnly],
  ['/members', adminOnly],
  ['/agreement', adminOnly],
  ['/overdue-rent', adminOnly],
  ['/rent-month', adminOnly],
  ['/journal', adminOnly],
  ['/trial-balance', adminOnly],
  ['/statements/monthly?year=2026&month=1', adminOnly],
  ['/statements/yearly?year=2026', adminOnly],
  ['/prices', adminOnly],
  ['/charges?month=March&year=2026', adminOnly],
  ['/residents?q=ali', adminOnly],
  [`/memberData/${alice}`, ownerOrAdmin],
  [`/myAgreements/${alice}`, ownerOrAdmin],
  [`/payments/${alice}`, ownerOrAdmin],
  [`/payments/${alice}?month=january`, ownerOrAdmin],
  [`/rent-ledger/${alice}`, ownerOrAdmin],
  [`/myMaintenance/${alice}`, ownerOrAdmin],
  ['/maintenance?status=active&category=plumbing&block=A&page=0', adminOnly],
  [`/user/admin/${alice}`, ownerOrAdmin],
  [`/user/member/${alice}`, ownerOrAdmin],
  [`/user/users/${alice}`, ownerOrAdmin],
];

describe.skipIf(missing('postgres'))('the query routes', () => {
  let q: QueryHarness;
  let script: Awaited<ReturnType<typeof scriptedBuilding>>;

  beforeAll(async () => {
    q = await createQueryHarness('query_routes');
    script = await scriptedBuilding(q.history);
    await q.catchUp();
  });
  afterAll(() => q?.close());

  describe('authorization', () => {
    for (const [path, expected] of matrix) {
      for (const who of Object.keys(expected) as Who[]) {
        it(`${path} as ${who} -> ${expected[who]}`, async () => {
          if (path === '/events/stream') {
            const controller = new AbortController();
            const headers: Record<string, string> = as[who]
              ? { Authorization: `Bearer ${await q.tokenFor(as[who])}` }
              : {};
            const response = await fetch(`${q.url}${path}`, { headers, signal: controller.signal });
            expect(response.status).toBe(expected[who]);
            controller.abort();
            return;
          }
          const reply = await q.get(path, { as: as[who] });
          expect(reply.status).toBe(expected[who]);
          if (reply.status >= 400)
            expect(reply.headers.get('content-type')).toContain('application/problem+json');
        });
      }
    }

    it('refuses a forged or malformed token with 401, also on the live stream', async () => {
      expect((await q.get('/coupons', { token: 'not.a.token' })).status).toBe(401);
      const forged = (await q.tokenFor(people.admin.email)).slice(0, -4) + 'AAAA';
      expect((await q.get('/apartmentData', { token: forged })).status).toBe(401);
      expect((await fetch(`${q.url}/events/stream?ticket=nope`)).status).toBe(401);
      expect(
        (await fetch(`${q.url}/events/stream`, { headers: { Authorization: 'Bearer nope' } })).status,
      ).toBe(401);
    });

    it('refuses a token signed out on another instance within the reload interval', async () => {
      const store = await createPostgresRevocationStore(q.db);
      const token = await q.tokenFor(people.admin.email);
      expect((await q.get('/apartmentData', { token })).status).toBe(200);
      const claims = await verifyAccessToken(token, jwtSecret);
      await store.revoke(claims!.jti, claims!.expiresAt); // as the command-service's POST /logout does
      await expect
        .poll(async () => (await q.get('/apartmentData', { token })).status, { timeout: 20_000 })
        .toBe(401);
    });

    it('answers a bad :email with 400 naming the field', async () => {
      const reply = await q.get('/payments/not-an-email', { as: people.admin.email });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ field: 'email', message: expect.any(String) }]);
    });

    it('refuses NUL bytes in paths and queries with 400 naming the field', async () => {
      const admin = { as: people.admin.email };
      for (const [path, field] of [
        [`/payments/${alice}?month=%00`, 'month'],
        [`/payments/${alice}?month=jan%00uary`, 'month'],
        ['/payments/a%00@b.test', 'path'],
        ['/memberData/%00', 'path'],
        ['/apartment?page=0&x=%00', 'x'],
        ['/admin/audit?category=agreements&from=%00', 'from'],
      ]) {
        const reply = await q.get(path!, admin);
        expect(reply.status, path).toBe(400);
        expect(reply.body.errors, path).toEqual([{ field, message: 'contains a NUL character' }]);
      }
    });

    it('treats the email in the path case-insensitively for the owner', async () => {
      const reply = await q.get(`/memberData/${encodeURIComponent('ALICE@building.test')}`, {
        as: people.alice.email,
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toHaveLength(1);
    });
  });

  it('GET /apartment pages by 6 in si order, with the spec fields and status', async () => {
    const first = await q.get('/apartment?page=0');
    expect(first.body.postCount).toBe(8);
    expect(first.body.result.map((a: { si: number }) => a.si)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first.body.result[0]).toEqual({
      _id: 'apartment-1',
      si: 1,
      apartment: '101',
      block: 'B',
      floor: 1,
      image: '/images/apartments/apartment-1.svg',
      rent: 15_500,
      room: '301',
      status: 'booked',
    });
    expect(first.body.result.map((a: { status: string }) => a.status)).toEqual([
      'booked',
      'available',
      'available', // dave was demoted: his apartments were freed
      'available',
      'available',
      'booked',
    ]);
    expect((await q.get('/apartment')).body).toEqual(first.body);
    const second = await q.get('/apartment?page=1');
    expect(second.body.result.map((a: { si: number }) => a.si)).toEqual([7, 8]);
    expect((await q.get('/apartment?page=2')).body).toEqual({ result: [], postCount: 8 });
    for (const bad of ['-1', 'abc', '1.5']) {
      const reply = await q.get(`/apartment?page=${bad}`);
      expect(reply.status).toBe(400);
      expect(reply.body.errors[0].field).toBe('page');
    }
  });

  it('GET /couponAvailable lists the available coupons; /coupons shows admins all of them', async () => {
    const available = await q.get('/couponAvailable');
    expect(available.body).toEqual([
      {
        _id: script.coupons.save10.couponId,
        code: 'SAVE10',
        discount: 10,
        description: 'Ten percent off',
        status: 'available',
        expiresOn: null,
        usageLimit: null,
        // alice paid January with it
        uses: 1,
      },
      {
        _id: script.coupons.welcome.couponId,
        code: 'WELCOME',
        discount: 5,
        description: 'Welcome',
        status: 'available',
        expiresOn: null,
        usageLimit: null,
        uses: 0,
      },
    ]);
    expect((await q.get('/coupons', { as: people.bob.email })).body).toEqual(available.body);
    const all = await q.get('/coupons', { as: people.admin.email });
    expect(all.body.map((c: { code: string; status: string }) => [c.code, c.status])).toEqual([
      ['SAVE10', 'available'],
      ['HALF', 'unavailable'],
      ['WELCOME', 'available'],
    ]);
  });

  it('GET /anouncement lists announcements newest first', async () => {
    const unchanged = { pinned: false, expiresOn: null, editedAt: null };
    expect((await q.get('/anouncement', { as: people.bob.email })).body).toEqual([
      {
        _id: script.news.latestNews.announcementId,
        title: 'Lift',
        description: 'The lift is serviced on Friday',
        postedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        ...unchanged,
      },
      {
        _id: script.news.firstNews.announcementId,
        title: 'Water',
        description: 'The water is off on Monday',
        postedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        ...unchanged,
      },
    ]);
  });

  it('GET /agreement lists the pending requests with a timestamp in ms', async () => {
    const reply = await q.get('/agreement', { as: people.admin.email });
    const erin = script.requests.erinRequest;
    expect(reply.body).toEqual([
      {
        _id: erin.requestId,
        si: 5,
        user_name: 'Erin',
        user_email: people.erin.email,
        floor: 2,
        block: 'B',
        apartment: '105',
        rent: 17_500,
        room: '305',
        status: 'pending',
        timestamp: erin.now.getTime(),
      },
    ]);
  });

  it("GET /myAgreements/:email shows the user's own requests and their status", async () => {
    const statuses = async (email: string) =>
      (await q.get(`/myAgreements/${encodeURIComponent(email)}`, { as: email })).body.map(
        (r: { si: number; status: string }) => [r.si, r.status],
      );
    expect(await statuses(people.bob.email)).toEqual([[1, 'rejected']]);
    expect(await statuses(people.carol.email)).toEqual([[2, 'rejected']]);
    expect(await statuses(people.dave.email)).toEqual([
      [4, 'accepted'],
      [3, 'accepted'],
    ]);
    expect(await statuses(people.erin.email)).toEqual([[5, 'pending']]);
    const mine = await q.get(`/myAgreements/${alice}`, { as: people.alice.email });
    expect(Object.keys(mine.body[0]).sort()).toEqual(
      [
        '_id',
        'si',
        'user_name',
        'user_email',
        'floor',
        'block',
        'apartment',
        'rent',
        'room',
        'status',
        'timestamp',
      ].sort(),
    );
  });

  it('GET /memberData/:email lists active leases only; /members the members', async () => {
    const lease = await q.get(`/memberData/${alice}`, { as: people.alice.email });
    expect(lease.body).toEqual([
      {
        _id: script.requests.aliceRequest.requestId,
        si: 1,
        apartment: '101',
        block: 'B',
        floor: 1,
        room: '301',
        rent: 15_500,
        accept_date: expect.stringMatching(/^2026-01-05T\d\d:\d\d:00\.000Z$/),
        // The original client's payment screen reads these.
        user_email: people.alice.email,
        user_name: 'Alice',
        timestamp: Date.parse(lease.body[0].accept_date),
      },
    ]);
    const dave = encodeURIComponent(people.dave.email);
    expect((await q.get(`/memberData/${dave}`, { as: people.dave.email })).body).toEqual([]);
    // With the apartments each leases now and what they owe today, as their own ledger says.
    const owes = async (email: string) =>
      (await q.get(`/rent-ledger/${encodeURIComponent(email)}`, { as: people.admin.email })).body
        .balancePoisha as number;
    const leased = async (email: string) =>
      (await q.get(`/memberData/${encodeURIComponent(email)}`, { as: people.admin.email })).body.map(
        (l: { apartment: string }) => l.apartment,
      ) as string[];
    expect((await q.get('/members', { as: people.admin.email })).body).toEqual([
      {
        _id: `user-${people.alice.email}`,
        name: 'Alice',
        email: people.alice.email,
        apartments: ['101'],
        balancePoisha: await owes(people.alice.email),
      },
      {
        _id: `user-${people.frank.email}`,
        name: 'Frank',
        email: people.frank.email,
        apartments: await leased(people.frank.email),
        balancePoisha: await owes(people.frank.email),
      },
    ]);
    expect(await leased(people.frank.email)).not.toEqual([]);
  });

  it('GET /payments/:email lists payments newest first; ?month= finds months by name in either language, and years', async () => {
    const all = await q.get(`/payments/${alice}`, { as: people.alice.email });
    const january = script.payments.aliceJanuary;
    expect(all.body.map((p: { month: string }) => p.month)).toEqual(['February', 'January']);
    expect(all.body[1]).toEqual({
      _id: expect.any(String),
      email: people.alice.email,
      name: 'Alice',
      month: 'January',
      year: 2026,
      price: 13_950, // 15 500 less 10 %
      TransactionId: january.transactionId,
      time: Math.floor(new Date(january.paidAt).getTime() / 1000),
      si: 1,
      apartment: '101',
      block: 'B',
      floor: 1,
      couponCode: 'SAVE10',
      discount: 10,
      status: 'paid',
      refundReason: null,
    });
    expect(all.body[0]).toMatchObject({ price: 15_500, couponCode: null, discount: 0 });
    const months = async (search: string) =>
      (
        await q.get(`/payments/${alice}?month=${encodeURIComponent(search)}`, { as: people.alice.email })
      ).body.map((p: { month: string }) => p.month);
    for (const month of ['january', 'JANUARY', ' January ', 'Jan', 'jan 2026', 'জানুয়ারি', 'জানু ২০২৬'])
      expect(await months(month), month).toEqual(['January']);
    for (const year of ['2026', '২০২৬']) expect(await months(year), year).toEqual(['February', 'January']);
    for (const none of ['2025', 'december', 'ডিসেম্বর', 'rent']) expect(await months(none), none).toEqual([]);
    expect((await q.get(`/payments/${alice}?month=`, { as: people.alice.email })).body).toHaveLength(2);
    const dave = encodeURIComponent(people.dave.email);
    expect(
      (await q.get(`/payments/${dave}`, { as: people.admin.email })).body.map(
        (p: { month: string }) => p.month,
      ),
    ).toEqual(['March']);
  });

  it('GET /payments/:email shows a refunded second charge beside the month’s one payment, to owner and admin', async () => {
    const refund = await q.history.refundSecondCharge(people.alice.email, 1, 'February', 2026);
    await q.catchUp();
    for (const who of [people.alice.email, people.admin.email]) {
      const february = await q.get(`/payments/${alice}?month=february`, { as: who });
      expect(february.body).toEqual([
        {
          _id: expect.any(String),
          email: people.alice.email,
          name: 'Alice',
          month: 'February',
          year: 2026,
          price: 15_500,
          TransactionId: refund.transactionId,
          time: Math.floor(new Date(refund.refundedAt).getTime() / 1000),
          si: 1,
          apartment: '101',
          block: 'B',
          floor: 1,
          couponCode: null,
          discount: 0,
          status: 'refunded',
          refundReason: 'duplicate-charge',
        },
        expect.objectContaining({
          TransactionId: script.payments.aliceFebruary.transactionId,
          status: 'paid',
        }),
      ]);
    }
    const all = await q.get(`/payments/${alice}`, { as: people.alice.email });
    expect(all.body.map((p: { month: string; status: string }) => `${p.month} ${p.status}`)).toEqual([
      'February refunded',
      'February paid',
      'January paid',
    ]);
  });

  it('GET /user/{admin,member,users}/:email answer booleans from the users view', async () => {
    const check = async (kind: string, email: string) =>
      (await q.get(`/user/${kind}/${encodeURIComponent(email)}`, { as: people.admin.email })).body;
    expect(await check('admin', people.admin.email)).toEqual({ admin: true });
    expect(await check('admin', people.alice.email)).toEqual({ admin: false });
    expect(await check('member', people.alice.email)).toEqual({ member: true });
    expect(await check('member', people.dave.email)).toEqual({ member: false });
    expect(await check('users', people.dave.email)).toEqual({ user: true });
    expect(await check('users', people.alice.email)).toEqual({ user: false });
    expect(await check('users', people.admin.email)).toEqual({ user: false });
  });

  it('serves apartment images by safe file name only', async () => {
    const image = await q.get('/images/apartments/apartment-1.svg');
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.body).toContain('<svg');
    expect((await q.get('/images/apartments/missing.svg')).status).toBe(404);
    for (const bad of ['..%2F..%2Fpackage.json', '.hidden.svg', 'apartment-1.svg.exe', 'a%00.svg']) {
      expect((await q.get(`/images/apartments/${bad}`)).status).toBe(400);
    }
  });

  it('allows CORS for the UI origin only and sends security headers', async () => {
    const ok = await q.get('/apartment', { headers: { Origin: uiOrigin } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(uiOrigin);
    expect(ok.headers.get('access-control-expose-headers')).toContain('X-Position');
    const other = await q.get('/apartment', { headers: { Origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('x-position')).toMatch(/^\d+$/);
  });

  it("GET /rent-month: the building's month's rent owed, collected and overdue, in poisha", async () => {
    const admin = { as: people.admin.email };
    // alice's 15,500 and frank's 18,000 taka for the month now; the history paid only January and
    // February; overdue as the Overdue Rent page totals it.
    const today = buildingDay(new Date());
    expect((await q.get('/rent-month', admin)).body).toEqual({
      asOf: expect.any(String),
      year: today.year,
      month: monthNames[today.index],
      duePoisha: 3_350_000,
      collectedPoisha: 0,
      overduePoisha: (await q.get('/overdue-rent', admin)).body.amountPoisha,
    });
    // February as it ended: both owed it, alice paid it.
    expect((await q.get('/rent-month?at=2026-02-28', admin)).body).toMatchObject({
      month: 'February',
      duePoisha: 3_350_000,
      collectedPoisha: 1_550_000,
    });
    expect((await q.get('/rent-month?at=yesterday', admin)).status).toBe(400);
  });

  it('keeps the statistics right through requests, accepts, rejects and demotions', async () => {
    const stats = async () => (await q.get('/apartmentData', { as: people.admin.email })).body;
    // frank's door bell request (more counts: maintenance-routes.int.test.ts).
    const maintenance = { open: 0, acknowledged: 1, scheduled: 0, 'in-progress': 0, done: 0, declined: 0 };
    // alice (si 1) and frank (si 6) are members; bob, carol, dave (demoted) and erin are users.
    expect(await stats()).toEqual({ total: 8, available: 6, booked: 2, user: 4, member: 2, maintenance });

    await q.history.accept(script.requests.erinRequest.requestId);
    const bob = await q.history.request(7, people.bob.email);
    await q.history.reject(bob.requestId);
    await q.catchUp();
    expect(await stats()).toEqual({ total: 8, available: 5, booked: 3, user: 3, member: 3, maintenance });

    await q.history.demote(people.frank.email);
    const last = await q.history.demote(people.alice.email);
    await q.catchUp();
    await q.heard('statistics', last.position);
    expect(await stats()).toEqual({ total: 8, available: 7, booked: 1, user: 5, member: 1, maintenance });
    expect(
      (await q.get('/members', { as: people.admin.email })).body.map((m: { email: string }) => m.email),
    ).toEqual([people.erin.email]);
    // A demoted member's leases are gone at once, and the role checks say so.
    expect((await q.get(`/memberData/${alice}`, { as: people.alice.email })).body).toEqual([]);
    expect((await q.get(`/user/member/${alice}`, { as: people.alice.email })).body).toEqual({
      member: false,
    });
  });
});

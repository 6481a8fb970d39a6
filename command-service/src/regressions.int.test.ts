import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@building/events/streams';
import { adminEmail, freshEmail, startTestService, type TestService } from './testing/test-service.ts';

/** The holes of the original project, each pinned by a test that would fail if it reopened. */
describe('regressions of the original project', () => {
  let t: TestService;
  let admin: string;

  beforeAll(async () => {
    t = await startTestService();
    admin = await t.register(adminEmail, 'Admin');
  });
  afterAll(() => t.close());

  it('a bare email does not mint a token', async () => {
    const before = await t.store.lastPosition();
    const reply = await t.call('POST', '/jwt', { body: { email: adminEmail } });
    expect(reply.status).toBe(400);
    expect(reply.body.token).toBeUndefined();
    expect(reply.body.errors).toEqual([expect.objectContaining({ field: 'idToken' })]);
    const forged = await t.call('POST', '/jwt', { body: { email: adminEmail, idToken: 'x'.repeat(40) } });
    expect(forged.status).toBe(401);
    expect(forged.body.token).toBeUndefined();
    expect(await t.store.lastPosition()).toBe(before);
  });

  it('a role sent to /users/:email is ignored: no self-promotion', async () => {
    const email = freshEmail('climber');
    const token = await t.tokenFor(email);
    const reply = await t.call('POST', `/users/${email}`, {
      token,
      body: { name: 'Climber', email, role: 'admin' },
    });
    expect(reply.status).toBe(200);
    expect((await t.eventsOf(streams.user(email))).map((e) => e.type)).toEqual(['UserRegistered']);
    expect(
      (await t.call('POST', '/addCoupon', { token, body: { code: 'FREE100', discount: 100 } })).status,
    ).toBe(403);
  });

  it('an apartment is never booked twice', async () => {
    const [first, second] = [freshEmail('first'), freshEmail('second')];
    const si = await t.listApartment();
    for (const email of [first, second])
      expect(
        (await t.call('POST', '/agreement', { token: await t.register(email), body: { si } })).status,
      ).toBe(200);
    expect(
      (await t.call('PUT', '/acceptAgreement', { token: admin, body: { si, email: first } })).status,
    ).toBe(200);
    const again = await t.call('PUT', '/acceptAgreement', { token: admin, body: { si, email: second } });
    expect(again.status).toBe(409);
    const log = await t.eventsOf(streams.agreement(si));
    expect(log.filter((e) => e.type === 'AgreementAccepted')).toHaveLength(1);
    // The other request was closed by the booking itself.
    expect(log.find((e) => e.type === 'AgreementRejected')?.data).toMatchObject({
      userEmail: second,
      reason: 'apartment-booked',
    });
    const late = await t.call('POST', '/agreement', {
      token: await t.register(freshEmail('late')),
      body: { si },
    });
    expect(late.status).toBe(409);
  });

  it('demoting a member frees their apartment', async () => {
    const tenant = freshEmail('tenant');
    const { si, token } = await t.makeMember(tenant);
    const reply = await t.call('PATCH', `/memberRemove/${tenant}`, { token: admin });
    expect(reply.body).toEqual({ modifiedCount: 1, position: expect.any(Number) });
    expect((await t.eventsOf(streams.agreement(si))).at(-1)).toMatchObject({
      type: 'LeaseEnded',
      data: { si, userEmail: tenant, reason: 'member-demoted' },
    });
    const next = freshEmail('next');
    expect((await t.call('POST', '/agreement', { token: await t.register(next), body: { si } })).status).toBe(
      200,
    );
    expect(
      (await t.call('PUT', '/acceptAgreement', { token: admin, body: { si, email: next } })).status,
    ).toBe(200);
    // The demoted member is a plain user again, at once.
    expect((await t.call('PATCH', `/memberRemove/${tenant}`, { token: admin })).status).toBe(409);
    expect(
      (await t.call('POST', '/agreement', { token, body: { si: await t.listApartment() } })).status,
    ).toBe(200);
  });

  it('the apartment’s details and rent come from its own record, not the client', async () => {
    const email = freshEmail('bargain');
    const si = await t.listApartment(23_500);
    const reply = await t.call('POST', '/agreement', {
      token: await t.register(email, 'Bargain Hunter'),
      body: {
        si,
        rent: 1,
        block: 'Z',
        floor: 99,
        apartment: 'PENTHOUSE',
        room: '9 bed',
        status: 'accepted',
        user_email: 'someone@else.test',
        user_name: 'Someone Else',
        timestamp: 0,
      },
    });
    expect(reply.status).toBe(200);
    const [requested] = await t.eventsOf(streams.agreement(si));
    expect(requested).toMatchObject({
      type: 'AgreementRequested',
      data: {
        si,
        rent: 23_500,
        block: 'B',
        floor: 2,
        apartment: '2B01',
        room: '3 bed, 2 bath',
        userEmail: email,
        userName: 'Bargain Hunter',
        requestId: reply.body.insertedId,
      },
    });
  });

  it('an admin cannot request an agreement', async () => {
    const si = await t.listApartment();
    const before = await t.store.lastPosition();
    const reply = await t.call('POST', '/agreement', { token: admin, body: { si } });
    expect(reply.status).toBe(403);
    expect(await t.store.lastPosition()).toBe(before);
  });

  it('one pending request per user and apartment', async () => {
    const token = await t.register(freshEmail('eager'));
    const si = await t.listApartment();
    expect((await t.call('POST', '/agreement', { token, body: { si } })).status).toBe(200);
    const again = await t.call('POST', '/agreement', { token, body: { si } });
    expect(again.status).toBe(409);
    expect(await t.eventsOf(streams.agreement(si))).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { decodeEvent } from '@building/events/decode-event';
import { streams } from '@building/events/streams';
import { adminEmail, startTestService, type TestService } from '../testing/test-service.ts';

/**
 * Two admins accepting two requests for one apartment at the same moment: exactly one wins
 * (docs/architecture.md §4). Fifty accepts of fifty different pending requests race over real HTTP, ten rounds;
 * fifty copies of one request record it once. The racers share group commits (the store batches
 * concurrent appends), so each must still learn of its own lost race.
 */
const contenders = 50;
const rounds = 10;
const meta = () => ({ now: new Date(), actor: 'system' as const, correlationId: crypto.randomUUID() });

describe('racing commands on one apartment', () => {
  let t: TestService;
  let adminToken: string;
  const requesters = Array.from({ length: contenders }, (_, i) => `racer-${i}@building.test`);
  beforeAll(async () => {
    t = await startTestService();
    adminToken = await t.register(adminEmail, 'Admin');
    // The racers' registrations, written straight to the store in one transaction (set-up, not the subject).
    await t.store.append(
      requesters.map((email, i) => ({
        stream: streams.user(email),
        expectedVersion: 0,
        events: [{ type: 'UserRegistered', data: { email, name: `Racer ${i}`, photoURL: '' } }],
      })),
      meta(),
    );
  });
  afterAll(() => t.close());

  it(`records ${contenders} simultaneous requests by different users for one apartment`, async () => {
    const si = await t.listApartment();
    const replies = await Promise.all(
      requesters.map(async (email) =>
        t.call('POST', '/agreement', { token: await t.tokenFor(email), body: { si } }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(requesters.map(() => 200));
    const log = await t.store.readStream(streams.agreement(si));
    expect(log.filter((e) => e.type === 'AgreementRequested')).toHaveLength(contenders);
  }, 120_000);

  it(`records one request when one user sends the same request ${contenders} times at once`, async () => {
    const si = await t.listApartment();
    const token = await t.tokenFor(requesters[0]!);
    const replies = await Promise.all(
      requesters.map(() => t.call('POST', '/agreement', { token, body: { si } })),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(await t.eventsOf(streams.agreement(si))).toHaveLength(1);
  }, 120_000);

  it(`books the apartment exactly once, ${rounds} rounds of ${contenders} simultaneous accepts`, async () => {
    for (let round = 0; round < rounds; round++) {
      const si = await t.listApartment();
      const { image: _image, ...terms } = (await t.store.readStream(streams.apartment(si))).map(
        decodeEvent,
      )[0]!.data as Extract<DomainEvent, { type: 'ApartmentListed' }>['data'];
      await t.store.append(
        [
          {
            stream: streams.agreement(si),
            expectedVersion: 0,
            events: requesters.map((email, i) => ({
              type: 'AgreementRequested',
              data: {
                ...terms,
                requestId: crypto.randomUUID(),
                userEmail: email,
                userName: `Racer ${i}`,
                requestedAt: new Date().toISOString(),
              },
            })),
          },
        ],
        meta(),
      );

      const replies = await Promise.all(
        requesters.map((email) =>
          t.call('PUT', '/acceptAgreement', { token: adminToken, body: { si, email } }),
        ),
      );

      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);

      const log = (await t.store.readStream(streams.agreement(si))).map(decodeEvent);
      const accepts = log.filter((e) => e.type === 'AgreementAccepted');
      expect(accepts).toHaveLength(1);
      const winner = accepts[0]!.data.userEmail;
      expect(replies[requesters.indexOf(winner)]!.status).toBe(200);
      // Every other request ended rejected as booked, in the winner's transaction.
      const rejected = log.filter((e) => e.type === 'AgreementRejected');
      expect(rejected.map((e) => e.data.userEmail).sort()).toEqual(
        requesters.filter((e) => e !== winner).sort(),
      );
      expect(rejected.every((e) => e.correlationId === accepts[0]!.correlationId)).toBe(true);
      // The winner, and only the winner, became a member of it.
      const promotions = (
        await Promise.all(requesters.map((email) => t.store.readStream(streams.user(email))))
      )
        .flat()
        .map(decodeEvent)
        .filter((e) => e.type === 'MemberPromoted' && e.data.si === si);
      expect(promotions.map((e) => e.stream)).toEqual([streams.user(winner)]);
    }
  }, 300_000);
});

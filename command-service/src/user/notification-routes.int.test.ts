import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registered, user } from '@building/domain/testing/fixtures';
import { httpSpecFor } from '../testing/http-spec.ts';
import { freshEmail, startTestService, type TestService } from '../testing/test-service.ts';

/** The notification settings over HTTP: given(history).when(request).then(answer, events). */
let t: TestService;
let given: ReturnType<typeof httpSpecFor>;
beforeAll(async () => {
  t = await startTestService();
  given = httpSpecFor(t);
});
afterAll(() => t.close());

const written = { position: expect.any(Number) };
const someone = () => user(freshEmail('resident'), 'Resident');

describe('PUT /users/:email/email-preferences', () => {
  it('records the kinds turned off, and nothing for the same choice again', async () => {
    const who = someone();
    const path = `/users/${who.email}/email-preferences`;
    await given(registered(who))
      .when({ method: 'PUT', path, as: who.email, body: { off: ['rent-reminder', 'payment-receipt'] } })
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        {
          type: 'EmailPreferencesChanged',
          data: { email: who.email, off: ['rent-reminder', 'payment-receipt'] },
        },
      );
    await given()
      .when({ method: 'PUT', path, as: who.email, body: { off: ['payment-receipt', 'rent-reminder'] } })
      .then({ status: 200, body: { modifiedCount: 0, ...written } });
  });

  it('refuses an unknown kind, a missing list, someone else, and an unregistered person', async () => {
    const who = someone();
    const path = `/users/${who.email}/email-preferences`;
    await given(registered(who))
      .when({ method: 'PUT', path, as: who.email, body: { off: ['newsletters'] } })
      .thenRefused('invalid-input', 400);
    const missing = await given()
      .when({ method: 'PUT', path, as: who.email, body: {} })
      .thenRefused('invalid-input', 400);
    expect(JSON.stringify(missing.body)).toContain('off');
    await given()
      .when({ method: 'PUT', path, as: freshEmail('other'), body: { off: [] } })
      .thenRefused('own-profile-only', 403);
    const stranger = freshEmail('stranger');
    await given()
      .when({ method: 'PUT', path: `/users/${stranger}/email-preferences`, as: stranger, body: { off: [] } })
      .thenRefused('user-not-found', 404);
    const anonymous = await t.call('PUT', path, { body: { off: [] } });
    expect(anonymous.status).toBe(401);
  });
});

describe('PUT /users/:email/language', () => {
  it('records the language chosen, and nothing for the same language again', async () => {
    const who = someone();
    const path = `/users/${who.email}/language`;
    await given(registered(who))
      .when({ method: 'PUT', path, as: who.email, body: { language: 'bn' } })
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        { type: 'LanguageChosen', data: { email: who.email, language: 'bn' } },
      );
    await given()
      .when({ method: 'PUT', path, as: who.email, body: { language: 'bn' } })
      .then({ status: 200, body: { modifiedCount: 0, ...written } });
  });

  it('refuses an unknown language and someone else', async () => {
    const who = someone();
    const path = `/users/${who.email}/language`;
    await given(registered(who))
      .when({ method: 'PUT', path, as: who.email, body: { language: 'fr' } })
      .thenRefused('invalid-input', 400);
    await given()
      .when({ method: 'PUT', path, as: freshEmail('other'), body: { language: 'bn' } })
      .thenRefused('own-profile-only', 403);
  });
});

describe('POST /notifications/read', () => {
  it('moves the read mark forward to the newest notification seen, never back', async () => {
    const who = someone();
    const upTo = '2026-01-05T09:00:00.000Z';
    await given(registered(who))
      .when({ method: 'POST', path: '/notifications/read', as: who.email, body: { upTo } })
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        { type: 'NotificationsRead', data: { email: who.email, upTo } },
      );
    await given()
      .when({
        method: 'POST',
        path: '/notifications/read',
        as: who.email,
        body: { upTo: '2026-01-01T00:00:00.000Z' },
      })
      .then({ status: 200, body: { modifiedCount: 0, ...written } });
    // Without upTo: read up to now.
    await given()
      .when({ method: 'POST', path: '/notifications/read', as: who.email })
      .then(
        { status: 200, body: { modifiedCount: 1, ...written } },
        { type: 'NotificationsRead', data: { email: who.email, upTo: expect.any(String) } },
      );
  });

  it('refuses a malformed time and an anonymous caller', async () => {
    const who = someone();
    await given(registered(who))
      .when({ method: 'POST', path: '/notifications/read', as: who.email, body: { upTo: 'yesterday' } })
      .thenRefused('invalid-input', 400);
    expect((await t.call('POST', '/notifications/read', { body: {} })).status).toBe(401);
  });
});

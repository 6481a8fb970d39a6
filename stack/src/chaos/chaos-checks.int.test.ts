import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@building/events/streams';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { checkWrites } from './chaos-checks.ts';
import type { SentCommand } from './chaos-load.ts';

/** The write check of the chaos runs finds a lost and a doubled write in a real store. */
describe.skipIf(missing('postgres'))('the write check of the chaos runs', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase('chaoschecks');
    await migrateEventStore(database.db);
    store = new PostgresEventStore(database.db);
  });
  afterAll(() => database?.drop());

  const post = async (title: string) => {
    const announcementId = randomUUID();
    const stream = streams.announcement(announcementId);
    const { position } = await store.append(
      [
        {
          stream,
          expectedVersion: 0,
          events: [{ type: 'AnnouncementPosted', data: { announcementId, title, description: 'd' } }],
        },
      ],
      { now: new Date(), actor: 'system', correlationId: randomUUID() },
    );
    return { stream, position };
  };
  const sent = (title: string, status: number, at?: { stream: string; position: number }): SentCommand => ({
    kind: 'announcement',
    status,
    marker: { type: 'AnnouncementPosted', stream: at?.stream, field: 'title', value: title },
    position: at?.position,
  });

  it('counts each answered command once, and names the lost and the doubled ones', async () => {
    const kept = await post('kept');
    const twice = await post('twice');
    await post('twice');
    const failedTwice = await post('failed twice');
    await post('failed twice');
    const check = await checkWrites(database.db, [
      sent('kept', 200, kept),
      sent('twice', 200, twice),
      sent('never stored', 200, { stream: streams.announcement(randomUUID()), position: 1_000_000 }),
      // Not answered: it may or may not be stored, but never twice.
      sent('not answered', 0),
      sent('failed twice', 0, failedTwice),
    ]);
    expect(check.answered).toBe(3);
    expect(check.lost).toEqual([expect.stringContaining('never stored')]);
    expect(check.doubled).toEqual([
      expect.stringContaining('twice (200): 2 copies'),
      expect.stringContaining('failed twice (0): 2 copies'),
    ]);
  });

  it('finds an answered command whose position holds another event', async () => {
    const other = await post('other');
    const check = await checkWrites(database.db, [
      sent('claimed', 200, { stream: streams.announcement(randomUUID()), position: other.position }),
    ]);
    expect(check.lost).toEqual([expect.stringContaining('claimed')]);
  });
});

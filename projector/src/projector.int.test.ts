import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { NewEvent, StoredEvent } from '@building/events/envelope';
import { missing } from '@building/infra/testing/infra-availability';
import { hasApplied, highestApplied } from '@building/infra/read-models/applied-position';
import { couponsView } from '@building/events/read-models/coupons';
import { defineReadModel } from '@building/events/read-models/read-model';
import { createProjector } from './apply-events.ts';
import { defineProjection } from './projection.ts';
import { column } from './table-spec.ts';
import { liveTarget } from './projection-target.ts';
import { migrateProjector } from './projector-schema.ts';
import { rebuildProjections } from './ops/projections/rebuild-projections.ts';
import { createViewsHarness, hashViews, type ViewsHarness } from './testing/views-harness.ts';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';

describe.skipIf(missing('postgres'))('the projector', () => {
  let h: ViewsHarness;
  let all: StoredEvent[];
  let script: Awaited<ReturnType<typeof scriptedBuilding>>;

  beforeAll(async () => {
    h = await createViewsHarness('projector');
    script = await scriptedBuilding(h.history);
    await h.catchUp();
    all = [];
    for await (const page of h.store.readAll()) all.push(...page);
  });
  afterAll(() => h?.drop());

  it('builds the views of the scripted history', async () => {
    const apartments = await h.db('apartments_v1_apartments').orderBy('si');
    expect(apartments.map((a) => [a.si, a.booked_by])).toEqual([
      [1, people.alice.email],
      [2, null],
      [3, null],
      [4, null],
      [5, null],
      [6, people.frank.email],
      [7, null],
      [8, null],
    ]);
    const requests = await h.db('agreement_requests_v1_requests').orderBy('requested_at');
    expect(requests.map((r) => [r.user_email, r.si, r.status])).toEqual([
      [people.alice.email, 1, 'accepted'],
      [people.bob.email, 1, 'rejected'],
      [people.carol.email, 2, 'rejected'],
      [people.dave.email, 3, 'accepted'],
      [people.dave.email, 4, 'accepted'],
      [people.frank.email, 6, 'accepted'],
      [people.erin.email, 5, 'pending'],
    ]);
    const leases = await h.db('member_apartments_v2_leases').orderBy('accept_date');
    expect(leases.map((l) => [l.email, l.si, l.ended_at === null])).toEqual([
      [people.alice.email, 1, true],
      [people.dave.email, 3, false],
      [people.dave.email, 4, false],
      [people.frank.email, 6, true],
    ]);
    const accounts = await h.db('users_v1_accounts').orderBy('email');
    expect(accounts.filter((a) => a.member).map((a) => a.email)).toEqual([
      people.alice.email,
      people.frank.email,
    ]);
    expect(accounts.filter((a) => a.admin).map((a) => a.email)).toEqual([people.admin.email]);
    expect(await h.db('payments_v1_payments').count('* as n').first()).toEqual({ n: '3' });
    expect(await h.db('parked_events').select('error')).toEqual([]);
    expect(script.coupons.save10.couponId).toBeTruthy();
  });

  it('changes nothing when every event is delivered again, twice, and when each arrives twice in a row', async () => {
    const before = await hashViews(h.db, h.targets);
    await h.projector.project(all);
    await h.projector.project(all);
    // Reversed pages of the log: every event is at or below its stream's checkpoint.
    for (let i = all.length; i > 0; i -= 7) await h.projector.project(all.slice(Math.max(0, i - 7), i));
    expect(await hashViews(h.db, h.targets)).toBe(before);

    // A second database fed each event twice in a row ends up identical.
    const twin = await createViewsHarness('projector_twin');
    try {
      for (const event of all) {
        await twin.projector.project([event]);
        await twin.projector.project([event, event]);
      }
      expect(await hashViews(twin.db, twin.targets)).toBe(before);
    } finally {
      await twin.drop();
    }
  });

  it('parks an event after a gap and applies it once its predecessor arrives', async () => {
    const g = await createViewsHarness('projector_gap');
    try {
      const first = await g.history.addCoupon('GAP', 20);
      await g.history.disableCoupon(first.couponId);
      await g.history.enableCoupon(first.couponId);
      const [added, disabled, enabled] = await g.store.readStream(`coupon-${first.couponId}`);
      await g.projector.project([added!, enabled!]); // v3 before v2: a gap
      const parked = await g.db('parked_events').where({ projection: 'coupons_v2' });
      expect(parked.map((p) => [p.reason, p.version])).toEqual([['gap', 3]]);
      expect(g.parkedLines.join('\n')).toMatch(/gap/);
      expect(await g.db('coupons_v2_coupons').first('status')).toEqual({ status: 'available' });
      // Still parked after a redelivery of the same early event.
      await g.projector.project([enabled!]);
      expect(await g.db('parked_events').where({ projection: 'coupons_v2' }).count('* as n').first()).toEqual(
        { n: '1' },
      );

      await g.projector.project([disabled!]);
      expect(await g.db('parked_events').where({ projection: 'coupons_v2' })).toEqual([]);
      expect(await g.db('coupons_v2_streams').first('version')).toEqual({
        version: 3,
      });
      expect(await g.db('coupons_v2_coupons').first('status')).toEqual({ status: 'available' });
    } finally {
      await g.drop();
    }
  });

  it('parks a malformed event without blocking the events after it, in its stream or others', async () => {
    const g = await createViewsHarness('projector_malformed');
    try {
      const coupon = await g.history.addCoupon('OK', 20);
      // Written by hand with a bad discount: the store does not validate data, the projector must.
      // The next event of that stream too: the command side could not read the stream past it.
      const byHand = (expectedVersion: number, events: NewEvent[]) =>
        g.store.append([{ stream: `coupon-${coupon.couponId}`, expectedVersion, events }], {
          now: new Date(),
          actor: 'system',
          correlationId: randomUUID(),
        });
      await byHand(1, [
        { type: 'CouponAdded', data: { couponId: coupon.couponId, code: 'X', discount: 500 } },
      ]);
      await byHand(2, [{ type: 'CouponDisabled', data: { couponId: coupon.couponId } }]);
      await g.history.announce('After', 'the bad one');
      const events: unknown[] = [];
      for await (const page of g.store.readAll()) events.push(...page);
      await g.projector.project([...events.slice(0, 2), 'not an event', null, ...events.slice(2)]);

      const parked = await g.db('parked_events').orderBy('id');
      expect(parked.map((p) => [p.projection, p.reason, p.type])).toEqual([
        ['*', 'malformed', 'CouponAdded'],
        ['*', 'malformed', null],
        ['*', 'malformed', null],
      ]);
      expect(await g.db('coupons_v2_coupons').first('code', 'status')).toEqual({
        code: 'OK',
        status: 'unavailable',
      });
      expect(await g.db('announcements_v2_announcements').count('* as n').first()).toEqual({ n: '1' });
      expect(await hasApplied(g.db, (events[1] as StoredEvent).position)).toBe(true);
    } finally {
      await g.drop();
    }
  });

  it.each([
    ['a live batch (one write statement)', 0],
    // Big enough that each view is written as soon as it is folded: the failing view is written
    // last, after the others' statements went through, and the whole batch is redone event by event.
    ['a catch-up batch (a statement per view)', 300],
  ])(
    'parks an event a projection fails to fold or to write, in %s; other projections and later events go on',
    async (_, fillers) => {
      const g = await createViewsHarness(`projector_failing_${fillers}`);
      try {
        const model = defineReadModel({
          ...couponsView,
          version: 99,
          tables: ['seen'],
          events: ['CouponAdded'],
        });
        const fragile = defineProjection(model, {
          tables: { seen: { key: 'code', columns: { code: column.text(), discount: column.integer() } } },
          on: {
            CouponAdded: ({ data }) => {
              if (data.code === 'BOOM') throw new Error('cannot handle BOOM');
              // 'BAD' makes a row the table rejects: the batch's write fails, then this event alone.
              return [
                { table: 'seen', insert: { code: data.code, discount: data.code === 'BAD' ? 'x' : 1 } },
              ];
            },
          },
        });
        const targets = [...g.targets, liveTarget(fragile)];
        await migrateProjector(g.db, targets);
        const lines: string[] = [];
        const projector = createProjector({ db: g.db, targets, log: (line) => lines.push(line) });
        await g.history.addCoupon('BOOM', 10);
        await g.history.addCoupon('BAD', 10);
        await g.history.addCoupon('FINE', 10);
        const filler = Array.from({ length: fillers }, (_, i) => `FILL${String(i).padStart(3, '0')}`);
        for (const code of filler) await g.history.addCoupon(code, 5);
        const events: StoredEvent[] = [];
        for await (const page of g.store.readAll()) events.push(...page);
        await projector.project(events);

        expect((await g.db('coupons_v99_seen').orderBy('code').select('code')).map((r) => r.code)).toEqual([
          ...filler,
          'FINE',
        ]);
        const parked = await g
          .db('parked_events')
          .orderBy('position')
          .select('projection', 'reason', 'error');
        expect(parked.map((p) => [p.projection, p.reason])).toEqual([
          ['coupons_v99', 'apply-failed'],
          ['coupons_v99', 'apply-failed'],
        ]);
        expect(parked[0].error).toBe('cannot handle BOOM');
        expect(parked[1].error).toMatch(/invalid input syntax for type integer/);
        expect((await g.db('coupons_v2_coupons').orderBy('code')).map((r) => r.code)).toEqual([
          'BAD',
          'BOOM',
          ...filler,
          'FINE',
        ]);
        expect(await g.db('coupons_v99_streams').count('* as n').first()).toEqual({
          n: String(3 + fillers),
        });
        expect(lines.some((l) => l.includes('event by event'))).toBe(true);
      } finally {
        await g.drop();
      }
    },
  );

  it.each([
    ['live batches', 0, false],
    ['catch-up batches', 300, false],
    ['live batches, a table of inserts only', 0, true],
    ['catch-up batches, a table of inserts only', 300, true],
  ])(
    'an insert of a key that is there already changes nothing, in the same batch or a later one (%s)',
    async (_, fillers, insertOnly) => {
      const g = await createViewsHarness(`projector_insert_${fillers}_${insertOnly}`);
      try {
        // Rows keyed by a code's first letter: the first coupon of each letter makes the row.
        const model = defineReadModel({
          ...couponsView,
          version: 98,
          tables: ['firsts'],
          events: ['CouponAdded'],
        });
        const firsts = defineProjection(model, {
          tables: {
            firsts: { key: 'letter', insertOnly, columns: { letter: column.text(), code: column.text() } },
          },
          on: {
            CouponAdded: ({ data }) => [
              { table: 'firsts', insert: { letter: data.code[0], code: data.code } },
            ],
          },
        });
        const targets = [liveTarget(firsts)];
        await migrateProjector(g.db, targets);
        const projector = createProjector({ db: g.db, targets });
        for (const code of ['AX1', 'BX1', 'AX2']) await g.history.addCoupon(code, 5);
        const filler = Array.from({ length: fillers }, (_, i) => `Z${String(i).padStart(3, '0')}`);
        for (const code of filler) await g.history.addCoupon(code, 5);
        await g.history.addCoupon('BX2', 5);
        const events: StoredEvent[] = [];
        for await (const page of g.store.readAll()) events.push(...page);
        const rows = () => g.db('coupons_v98_firsts').whereIn('letter', ['A', 'B']).orderBy('letter');
        const expected = [
          { letter: 'A', code: 'AX1' },
          { letter: 'B', code: 'BX1' },
        ];

        await projector.project(events.slice(0, -1)); // AX1 and AX2 in one batch
        expect(await rows()).toEqual(expected);
        await projector.project(events.slice(-1)); // BX2 in a later one
        expect(await rows()).toEqual(expected);
        const before = await hashViews(g.db, targets);
        await projector.project(events);
        expect(await hashViews(g.db, targets)).toBe(before);
        expect(await g.db('parked_events').select('error')).toEqual([]);
        if (insertOnly) {
          // A rebuild COPYs such rows as it reads the log: a key twice makes it fold again, by key.
          const lines: string[] = [];
          await rebuildProjections(g.db, [firsts], { log: (line) => lines.push(line) });
          expect(await hashViews(g.db, targets)).toBe(before);
          expect(lines.filter((line) => line.includes('a key inserted twice'))).toHaveLength(1);
        }
      } finally {
        await g.drop();
      }
    },
  );

  it.each([
    ['live batches', 0],
    ['catch-up batches', 300],
  ])(
    'writes every value as it was made: quotes, backslashes, control characters, NULL as text (%s)',
    async (_, fillers) => {
      const g = await createViewsHarness(`projector_values_${fillers}`);
      try {
        const odd = [
          'a "quoted" word, a back\\slash\\',
          'line\nbreak\ttab\r\u0001\u001f',
          'NULL',
          '',
          '{braces, commas}',
          'বাংলা ✓ \ud83c\udfe0',
          ' spaced ',
          '\\n not a newline',
        ];
        const model = defineReadModel({
          ...couponsView,
          version: 97,
          tables: ['values'],
          events: ['CouponAdded'],
        });
        let n = 0;
        const values = defineProjection(model, {
          tables: {
            values: {
              key: 'code',
              insertOnly: true,
              columns: { code: column.text(), text: column.text({ nullable: true }), flag: column.boolean() },
            },
          },
          on: {
            CouponAdded: ({ data }) => [
              {
                table: 'values',
                insert: { code: data.code, text: odd[n % odd.length] ?? null, flag: n++ % 2 === 0 },
              },
            ],
          },
        });
        const targets = [liveTarget(values)];
        await migrateProjector(g.db, targets);
        const count = odd.length + fillers;
        for (let i = 0; i < count; i++) await g.history.addCoupon(`V${String(i).padStart(3, '0')}`, 5);
        const events: StoredEvent[] = [];
        for await (const page of g.store.readAll()) events.push(...page);
        await createProjector({ db: g.db, targets }).project(events);

        const rows = await g.db('coupons_v97_values').orderBy('code').select('text', 'flag');
        expect(rows).toEqual(
          Array.from({ length: count }, (_, i) => ({ text: odd[i % odd.length], flag: i % 2 === 0 })),
        );
        expect(await g.db('parked_events').select('error')).toEqual([]);
      } finally {
        await g.drop();
      }
    },
  );

  it.each([
    ['live batches', 0],
    ['catch-up batches', 300],
  ])(
    'two instances projecting the same new streams at once (%s): the second waits for the first, then applies nothing twice',
    async (_, fillers) => {
      const g = await createViewsHarness(`projector_race_${fillers}`);
      const twin = await createViewsHarness(`projector_race_twin_${fillers}`);
      try {
        for (let i = 0; i < 3 + fillers; i++)
          await g.history.addCoupon(`RACE${String(i).padStart(3, '0')}`, 5);
        const events: StoredEvent[] = [];
        for await (const page of g.store.readAll()) events.push(...page);
        await twin.projector.project(events);

        // The first holds its batch uncommitted; the second loads the same streams, finds neither
        // rows nor checkpoints, and blocks on the first's new rows when it writes them.
        const lines: string[] = [];
        const first = createProjector({ db: g.db, targets: g.targets, log: (line) => lines.push(line) });
        const second = createProjector({ db: g.db, targets: g.targets, log: (line) => lines.push(line) });
        let holding!: () => void;
        const held = new Promise<void>((resolve) => (holding = resolve));
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const firstDone = first.project(events, {
          inTransaction: async () => {
            holding();
            await released;
          },
        });
        await held;
        const secondDone = second.project(events);
        for (let waited = 0; ; waited += 20) {
          const { rows } = await g.db.raw<{ rows: Array<{ n: number }> }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0]!.n > 0) break;
          if (waited > 10_000) throw new Error('the second instance never waited for the first');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        release();
        await Promise.all([firstDone, secondDone]);

        expect(await hashViews(g.db, g.targets)).toBe(await hashViews(twin.db, twin.targets));
        expect(await g.db('parked_events').select('error')).toEqual([]);
        // The second's plain inserts met the first's rows: it redid its batch event by event.
        expect(lines.some((l) => l.includes('event by event'))).toBe(true);
      } finally {
        await g.drop();
        await twin.drop();
      }
    },
  );

  it('applies a batch handed over behind another only after that one, and not at all if it failed', async () => {
    const g = await createViewsHarness('projector_after');
    try {
      for (let i = 0; i < 300; i++) await g.history.addCoupon(`AFTER${String(i).padStart(3, '0')}`, 5);
      const events: StoredEvent[] = [];
      for await (const page of g.store.readAll()) events.push(...page);
      const failed = Promise.reject(new Error('the batch before failed'));
      failed.catch(() => {});
      await expect(g.projector.project(events, { after: failed })).rejects.toThrow('the batch before failed');
      expect(await g.db('coupons_v2_coupons').count('* as n').first()).toEqual({ n: '0' });

      let firstDone = false;
      const first = g.projector.project(events.slice(0, 150)).then(() => (firstDone = true));
      const second = g.projector.project(events.slice(150), {
        after: first,
        inTransaction: async () => expect(firstDone).toBe(true),
      });
      await Promise.all([first, second]);
      expect(await g.db('coupons_v2_coupons').count('* as n').first()).toEqual({ n: '300' });
      expect(await g.db('parked_events').select('error')).toEqual([]);
    } finally {
      await g.drop();
    }
  });

  it('says position N is reached only when the event AT N was applied, not a later one of another stream', async () => {
    const g = await createViewsHarness('projector_reached');
    try {
      const early = await g.history.addCoupon('EARLY', 10);
      const late = await g.history.announce('Later', 'another stream');
      const [earlyEvent] = await g.store.readStream(`coupon-${early.couponId}`);
      const [lateEvent] = await g.store.readStream(`announcement-${late.announcementId}`);
      expect(lateEvent!.position).toBeGreaterThan(earlyEvent!.position);

      // Interleaved delivery (two partitions): the later position is applied first.
      await g.projector.project([lateEvent!]);
      expect(await highestApplied(g.db)).toBe(lateEvent!.position);
      expect(await hasApplied(g.db, lateEvent!.position)).toBe(true);
      expect(await hasApplied(g.db, earlyEvent!.position)).toBe(false);

      await g.projector.project([earlyEvent!]);
      expect(await hasApplied(g.db, earlyEvent!.position)).toBe(true);
      expect(await hasApplied(g.db, lateEvent!.position + 1000)).toBe(false);
    } finally {
      await g.drop();
    }
  });
});

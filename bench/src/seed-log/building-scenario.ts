import type { ApartmentDetails } from '@building/events/catalogue';
import {
  buildingDay,
  monthName,
  monthOfOrdinal,
  monthOrdinal,
} from '@building/events/rent-ledger/building-calendar';
import type { StoredEvent } from '@building/events/envelope';
import type { Caller } from '@building/command-service/command-handling/caller';
import {
  acceptAgreement,
  rejectAgreement,
  requestAgreement,
  withdrawAgreement,
} from '@building/command-service/scenario/agreement-steps';
import {
  addCoupon,
  editApartment,
  listApartment,
  postAnnouncement,
  toggleCoupon,
} from '@building/command-service/scenario/listing-steps';
import { demoteMember, recordProfile } from '@building/command-service/scenario/user-steps';
import type { CouponState } from '@building/command-service/coupon/coupon';
import { couponIdFor } from '@building/command-service/coupon/coupon-id';
import { streams } from '@building/events/streams';
import { DecidedLog } from './decided-log.ts';
import { liveMonth, type MonthContext } from './member-month.ts';
import { seededRandom } from './seeded-random.ts';

export interface ScenarioOptions {
  /** Stop once at least this many events are decided. */
  events: number;
  seed?: number;
  /** The first global position (the store's last + 1). */
  firstPosition?: number;
  /** The first apartment number (above any the store already has). */
  firstSi?: number;
  /** Tags the run's emails, so a second run into the same store meets no earlier account. */
  tag?: string;
  start?: Date;
}

/**
 * A building's life, decided by the real deciders in memory (the scenario steps, which the test
 * histories use too): per apartment, it is listed (now and then its rent revised), a few people
 * register and request it, one withdraws now and then, the admin rejects one request and accepts
 * another (the rest are rejected as booked), the member lives month after month (see liveMonth:
 * rent, reminders, refunds, maintenance, notifications), some update their profiles, some members
 * are demoted and the apartment let again; coupons come and go, announcements are posted. Yields
 * the events apartment by apartment, in log order and hash-chained, so a writer can stream millions.
 */
export function* decideBuilding(options: ScenarioOptions): Generator<StoredEvent[]> {
  // A tagged run draws from the seed and the tag: a second run into the same store gets new ids.
  const random = seededRandom(
    options.tag === undefined ? (options.seed ?? 1) : mix(options.seed ?? 1, options.tag),
  );
  const tag = options.tag ?? 'seed';
  let emitted = 0;
  let pending: StoredEvent[] = [];
  const log = new DecidedLog(
    random,
    options.start ?? new Date('2024-01-01T08:00:00Z'),
    options.firstPosition ?? 1,
    (e) => {
      emitted += 1;
      pending.push(e);
    },
  );
  const admin: Caller = { email: `admin.${tag}@building.test`, role: 'admin', name: 'Admin' };
  log.record(recordProfile(log, { email: admin.email, name: admin.name, photoURL: '' }, true));

  const coupons: string[] = [];
  const month: MonthContext = { log, random, admin, coupons };
  let announcements = 0;
  for (let si = options.firstSi ?? 1; emitted < options.events; si++) {
    const details: ApartmentDetails = {
      si,
      apartment: `${String.fromCharCode(65 + (si % 8))}-${100 + (si % 1000)}`,
      block: String.fromCharCode(65 + (si % 8)),
      floor: 1 + (si % 40),
      room: String(100 + (si % 900)),
      rent: 12_000 + random.below(40) * 250,
      image: `/images/apartments/apartment-${1 + (si % 12)}.svg`,
    };
    log.record(listApartment(log, details, admin));
    if (si % 9 === 4) log.record(editApartment(log, { ...details, rent: details.rent + 500 }, admin));

    const people = [0, 1, 2].map((k) => `tenant${si}.${k}.${tag}@building.test`);
    people.forEach((email, k) =>
      log.record(
        recordProfile(log, { email, name: `Tenant ${si}-${k}`, photoURL: `https://img.test/${si}-${k}.png` }),
      ),
    );
    const request = (email: string) => log.record(requestAgreement(log, si, email, random.uuid()));
    for (const email of people) request(email);
    if (si % 6 === 3) log.record(withdrawAgreement(log, si, people[1]!));
    log.record(rejectAgreement(log, si, people[2]!, admin));
    log.record(acceptAgreement(log, si, people[0]!, admin));
    // The lease owes from the month it was accepted: its months are lived from there.
    const firstMonth = monthOrdinal(buildingDay(log.now()));

    if (si % 25 === 1) {
      const code = `SAVE${si}${tag}`.slice(0, 40);
      const discount = 5 + random.below(30);
      coupons.push(code);
      log.record(addCoupon(log, { code, discount, description: `${discount}% off` }, admin));
    }
    if (si % 10 === 5 && coupons.length > 0) {
      // An admin disables a coupon, or enables it again.
      const couponId = couponIdFor(coupons[random.below(coupons.length)]!);
      const coupon = log.state<CouponState>(streams.coupon(couponId));
      const available = coupon.status === 'added' && coupon.available;
      log.record(toggleCoupon(log, couponId, !available, admin));
    }
    if (si % 40 === 0) {
      announcements += 1;
      const announcement = {
        announcementId: random.uuid(),
        title: `Notice ${announcements}`,
        description: `Building notice number ${announcements}.`,
      };
      log.record(postAnnouncement(log, announcement, admin));
    }

    let tenant = people[0]!;
    const months = 6 + random.below(13);
    for (let m = 0; m < months && emitted < options.events; m++) {
      if (si % 10 === 0 && m === Math.floor(months / 2)) {
        // The member is demoted (their lease ends); the apartment goes to the second requester.
        log.record(demoteMember(log, tenant, admin));
        tenant = people[1]!;
        request(tenant);
        log.record(acceptAgreement(log, si, tenant, admin));
      }
      if (random.chance(0.05)) log.record(recordProfile(log, { email: tenant, name: `Tenant ${si} (${m})` }));
      const lived = monthOfOrdinal(firstMonth + m);
      liveMonth(month, { email: tenant, si, month: monthName(lived), year: lived.year });
    }
    yield pending;
    pending = [];
  }
  if (pending.length > 0) yield pending;
}

/** FNV-1a of the seed and the tag: one 32-bit seed for both. */
function mix(seed: number, tag: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed}:${tag}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

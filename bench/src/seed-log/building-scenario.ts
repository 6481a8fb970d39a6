import { expenseCategories, offlineMethods, type ApartmentDetails } from '@building/events/catalogue';
import {
  buildingDate,
  buildingDay,
  monthName,
  monthOfOrdinal,
  monthOrdinal,
} from '@building/events/rent-ledger/building-calendar';
import type { StoredEvent } from '@building/events/envelope';
import { streams } from '@building/events/streams';
import {
  acceptAgreement,
  rejectAgreement,
  requestAgreement,
  withdrawAgreement,
} from '@building/domain/agreement/commands';
import { editAnnouncement, postAnnouncement } from '@building/domain/announcement/commands';
import { editApartment, listApartment } from '@building/domain/apartment/commands';
import { loadCaller, type Caller } from '@building/domain/command-handling/caller';
import { loadAggregate } from '@building/domain/command-handling/load-aggregate';
import { addCoupon, disableCoupon, editCoupon, enableCoupon } from '@building/domain/coupon/commands';
import { couponAggregate } from '@building/domain/coupon/coupon';
import { couponIdFor } from '@building/domain/coupon/coupon-id';
import { demoteMember, recordOpeningBalance, recordProfile } from '@building/domain/user/commands';
import { payDeposit, settleDeposit } from '@building/domain/account/deposit-commands';
import {
  recordExpense,
  reverseExpense,
  setRecurringExpense,
  stopRecurringExpense,
} from '@building/domain/expense/commands';
import { generatedCommands } from './generated-commands.ts';
import { liveMonth } from './member-month.ts';
import { setPrices } from './month-account.ts';
import { seededRandom } from '@building/domain/testing/seeded-random';

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
 * A building's life, decided by the command handlers over an in-memory store (as the test
 * histories are): per apartment, it is listed (now and then its rent revised), a few people
 * register and request it, one withdraws now and then, the admin rejects one request and accepts
 * another (the rest are rejected as booked), the member lives month after month (see liveMonth:
 * rent, reminders, refunds, maintenance, notifications), some update their profiles, some members
 * are demoted and the apartment let again; coupons come and go, announcements are posted. Yields
 * the events apartment by apartment, in log order and hash-chained, so a writer can stream millions.
 */
export async function* decideBuilding(options: ScenarioOptions): AsyncGenerator<StoredEvent[]> {
  // A tagged run draws from the seed and the tag: a second run into the same store gets new ids.
  const random = seededRandom(
    options.tag === undefined ? (options.seed ?? 1) : mix(options.seed ?? 1, options.tag),
  );
  const tag = options.tag ?? 'seed';
  let emitted = 0;
  let pending: StoredEvent[] = [];
  const admin: Caller = { email: `admin.${tag}@building.test`, role: 'admin', name: 'Admin' };
  const commands = generatedCommands({
    random,
    admin,
    start: options.start ?? new Date('2024-01-01T08:00:00Z'),
    firstPosition: options.firstPosition ?? 1,
    emit: (events) => {
      emitted += events.length;
      for (const event of events) pending.push(event);
    },
  });
  const { context, run } = commands;
  // What the building spends: an expense now and then (the odd one entered in error and reversed),
  // and a recurring salary set once and stopped later.
  const recurringId = random.uuid();
  const spend = async (si: number) => {
    const expenseId = random.uuid();
    const category = expenseCategories[random.below(expenseCategories.length)]!;
    const amountPoisha = (500 + random.below(20_000)) * 100;
    await run((now) =>
      recordExpense(context, {
        expenseId,
        date: now.toISOString().slice(0, 10),
        category,
        vendor: `Vendor ${si}`,
        amountPoisha,
        description: `${category} for the building`,
        receipt: null,
        paidFrom: offlineMethods[random.below(offlineMethods.length)]!,
        caller: admin,
        now,
      }),
    );
    if (si % 80 === 7)
      await run((now) => reverseExpense(context, { expenseId, reason: 'entered twice', caller: admin, now }));
    if (si === 7)
      await run((now) =>
        setRecurringExpense(context, {
          recurringId,
          category: 'salaries',
          vendor: 'Guards',
          amountPoisha: 4_500_000,
          description: "The guards' salaries",
          paidFrom: 'cash',
          dayOfMonth: 1,
          caller: admin,
          now,
        }),
      );
    if (si === 27) await run((now) => stopRecurringExpense(context, { recurringId, caller: admin, now }));
  };
  const profile = (email: string, name: string, photoURL?: string, isAdminEmail = false) =>
    run(async (now) =>
      recordProfile(context, {
        profile: { email, name, photoURL },
        isAdminEmail,
        caller: await loadCaller(context, email),
        now,
      }),
    );
  await profile(admin.email, admin.name, '', true);
  await setPrices(commands);

  /** The new lease's deposit (two months' rent), paid at the desk: at once, or in two parts. */
  const payTheDeposit = async (si: number, email: string, rent: number) => {
    const owed = rent * 100 * 2;
    const parts = random.chance(0.3) ? [owed / 2, owed / 2] : [owed];
    for (const [n, amountPoisha] of parts.entries()) {
      const method = (['cash', 'bank', 'bkash', 'nagad'] as const)[random.below(4)]!;
      const reference = `DEP-${email}-${n}`.slice(0, 100);
      await run((now) =>
        payDeposit(context, {
          si,
          email,
          paymentId: random.uuid(),
          method,
          reference,
          amountPoisha,
          caller: admin,
          now,
        }),
      );
    }
  };
  const coupons: string[] = [];
  let announcements = 0;
  let lastAnnouncement: { announcementId: string; title: string; description: string } | undefined;
  for (let si = options.firstSi ?? 1; emitted < options.events; si++) {
    const details: Omit<ApartmentDetails, 'si'> = {
      apartment: `${String.fromCharCode(65 + (si % 8))}-${100 + (si % 1000)}`,
      block: String.fromCharCode(65 + (si % 8)),
      floor: 1 + (si % 40),
      room: String(100 + (si % 900)),
      rent: 12_000 + random.below(40) * 250,
      image: `/images/apartments/apartment-${1 + (si % 12)}.svg`,
    };
    await run((now) => listApartment(context, { details, si, caller: admin, now }));
    if (si % 9 === 4) {
      const edited = { ...details, si, rent: details.rent + 500 };
      await run((now) => editApartment(context, { details: edited, caller: admin, now }));
    }
    // The rent the leases take (as revised): their deposits are months of it.
    const rent = si % 9 === 4 ? details.rent + 500 : details.rent;

    const people = [0, 1, 2].map((k) => `tenant${si}.${k}.${tag}@building.test`);
    for (const [k, email] of people.entries())
      await profile(email, `Tenant ${si}-${k}`, `https://img.test/${si}-${k}.png`);
    const request = async (email: string) => {
      const caller = await loadCaller(context, email);
      await run((now) => requestAgreement(context, { si, requestId: random.uuid(), caller, now }));
    };
    for (const email of people) await request(email);
    if (si % 6 === 3) {
      const caller = await loadCaller(context, people[1]!);
      await run((now) => withdrawAgreement(context, { si, caller, now }));
    }
    await run((now) => rejectAgreement(context, { si, email: people[2]!, caller: admin, now }));
    await run((now) => acceptAgreement(context, { si, email: people[0]!, caller: admin, now }));
    await payTheDeposit(si, people[0]!, rent);
    if (si % 9 === 4) {
      // A resident who moved in with the books: what they owed (or had paid ahead) before, once.
      const kind = si % 2 === 0 ? 'arrears' : 'credit';
      await run((now) =>
        recordOpeningBalance(context, {
          email: people[0]!,
          kind,
          amountPoisha: rent * 50,
          asOf: buildingDate(now),
          note: `carried over (${kind})`,
          caller: admin,
          now,
        }),
      );
    }
    // The lease owes from the month it was accepted: its months are lived from there.
    const firstMonth = monthOrdinal(buildingDay(commands.now()));

    if (si % 25 === 1) {
      const code = `SAVE${si}${tag}`.slice(0, 40);
      const discount = 5 + random.below(30);
      coupons.push(code);
      await run((now) =>
        addCoupon(context, { code, discount, description: `${discount}% off`, caller: admin, now }),
      );
    }
    if (si % 25 === 11 && coupons.length > 0) {
      // An admin revises the newest coupon: a larger discount (added at 5-34%), a generous limit.
      const couponId = couponIdFor(coupons.at(-1)!);
      // (Not drawn from the seeded random: the rest of the history stays as the seed made it.)
      const discount = 35 + (si % 10);
      await run((now) =>
        editCoupon(context, {
          couponId,
          discount,
          description: `${discount}% off`,
          usageLimit: 10_000,
          caller: admin,
          now,
        }),
      );
    }
    if (si % 10 === 5 && coupons.length > 0) {
      // An admin disables a coupon, or enables it again.
      const couponId = couponIdFor(coupons[random.below(coupons.length)]!);
      const coupon = (await loadAggregate(context, streams.coupon(couponId), couponAggregate)).state;
      const toggle = coupon.status === 'added' && coupon.available ? disableCoupon : enableCoupon;
      await run((now) => toggle(context, { couponId, caller: admin, now }));
    }
    if (si % 40 === 2) {
      announcements += 1;
      lastAnnouncement = {
        announcementId: random.uuid(),
        title: `Notice ${announcements}`,
        description: `Building notice number ${announcements}.`,
      };
      const posted = lastAnnouncement;
      await run((now) => postAnnouncement(context, { ...posted, pinned: true, caller: admin, now }));
    }
    if (si % 40 === 12 && lastAnnouncement) {
      // Later, its words mended, unpinned, and given a last day.
      const edited = { ...lastAnnouncement, description: `${lastAnnouncement.description} (revised)` };
      await run((now) =>
        editAnnouncement(context, { ...edited, pinned: false, expiresOn: '2099-12-31', caller: admin, now }),
      );
    }
    if (si % 20 === 7) await spend(si);

    let tenant = people[0]!;
    const months = 6 + random.below(13);
    for (let m = 0; m < months && emitted < options.events; m++) {
      if (si % 10 === 0 && m === Math.floor(months / 2)) {
        // The member is demoted (their lease ends); the apartment goes to the second requester.
        const demoted = tenant;
        await run((now) => demoteMember(context, { email: demoted, caller: admin, now }));
        // Its deposit settled, now and then with a deduction.
        const deductions = random.chance(0.5) ? [{ reason: 'Repainting', amountPoisha: 250_000 }] : [];
        await run((now) =>
          settleDeposit(context, {
            si,
            email: demoted,
            deductions,
            method: 'bank',
            reference: `RET-${si}-${tag}`,
            caller: admin,
            now,
          }),
        );
        tenant = people[1]!;
        await request(tenant);
        const next = tenant;
        await run((now) => acceptAgreement(context, { si, email: next, caller: admin, now }));
        await payTheDeposit(si, next, rent);
      }
      if (random.chance(0.05)) await profile(tenant, `Tenant ${si} (${m})`);
      const lived = monthOfOrdinal(firstMonth + m);
      await liveMonth(commands, coupons, { email: tenant, si, month: monthName(lived), year: lived.year });
    }
    commands.apartmentDone();
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

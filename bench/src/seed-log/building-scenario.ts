import { monthNames, type ApartmentDetails } from '@building/events/catalogue';
import type { StoredEvent } from '@building/events/envelope';
import { streams } from '@building/events/streams';
import type { AgreementState } from '@building/command-service/agreement/agreement';
import { decideAgreement } from '@building/command-service/agreement/decide';
import { decideAnnouncement } from '@building/command-service/announcement/decide';
import type { AnnouncementState } from '@building/command-service/announcement/announcement';
import { decideApartment } from '@building/command-service/apartment/decide';
import type { ApartmentState } from '@building/command-service/apartment/apartment';
import type { Caller } from '@building/command-service/command-handling/caller';
import { decideCoupon } from '@building/command-service/coupon/decide';
import { couponAggregate, type CouponState } from '@building/command-service/coupon/coupon';
import { couponIdFor } from '@building/command-service/coupon/coupon-id';
import { decidePayment, quoteRentPayment } from '@building/command-service/payments/decide';
import type { PaymentContext } from '@building/command-service/payments/payment-context';
import type { PaymentState } from '@building/command-service/payments/payment';
import { decideUser } from '@building/command-service/user/decide';
import type { UserState } from '@building/command-service/user/user';
import { DecidedLog } from './decided-log.ts';
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
 * A building's life, decided by the real deciders in memory: per apartment, it is listed, a few
 * people register and request it, the admin rejects one request and accepts another (the rest
 * are rejected as booked), the member pays rent month after month (with the odd declined card),
 * some update their profiles, some members are demoted and the apartment let again; coupons come
 * and go, announcements are posted. Yields the events apartment by apartment, in log order and
 * hash-chained, so a writer can stream millions of them.
 */
export function* decideBuilding(options: ScenarioOptions): Generator<StoredEvent[]> {
  const random = seededRandom(options.seed ?? 1);
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
  const actor = (caller: Caller) => ({ email: caller.email, role: caller.role });

  const register = (email: string, name: string, isAdminEmail = false) =>
    log.record(
      decideUser(
        {
          type: 'RecordProfile',
          data: { profile: { email, name, photoURL: `https://img.test/${name}.png` }, isAdminEmail },
        },
        log.state<UserState>(streams.user(email)),
      ),
    );
  register(admin.email, admin.name, true);

  const coupons: Array<{ couponId: string; code: string; discount: number }> = [];
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
    log.record(
      decideApartment(
        { type: 'ListApartment', data: { details, by: admin } },
        log.state<ApartmentState>(streams.apartment(si)),
      ),
      actor(admin),
    );

    const people: Caller[] = [0, 1, 2].map((k) => ({
      email: `tenant${si}.${k}.${tag}@building.test`,
      role: 'user',
      name: `Tenant ${si}-${k}`,
    }));
    for (const person of people) register(person.email, person.name);
    const agreement = () => log.state<AgreementState>(streams.agreement(si));
    const request = (person: Caller) =>
      log.record(
        decideAgreement(
          {
            type: 'RequestAgreement',
            data: { requestId: random.uuid(), apartment: details, requester: person, now: log.now() },
          },
          agreement(),
        ),
        actor(person),
      );
    const accept = (person: Caller) =>
      log.record(
        decideAgreement(
          { type: 'AcceptAgreement', data: { si, userEmail: person.email, by: admin, now: log.now() } },
          agreement(),
        ),
        actor(admin),
      );
    for (const person of people) request(person);
    log.record(
      decideAgreement(
        { type: 'RejectAgreement', data: { si, userEmail: people[2]!.email, by: admin } },
        agreement(),
      ),
      actor(admin),
    );
    accept(people[0]!);

    if (si % 25 === 1) {
      const coupon = {
        couponId: random.uuid(),
        code: `SAVE${si}${tag}`.slice(0, 40),
        discount: 5 + random.below(30),
      };
      log.record(
        decideCoupon(
          { type: 'AddCoupon', data: { ...coupon, description: `${coupon.discount}% off`, by: admin } },
          log.state<CouponState>(streams.coupon(coupon.couponId)),
        ),
        actor(admin),
      );
      coupons.push(coupon);
    }
    if (si % 50 === 0 && coupons.length > 1) {
      const coupon = coupons[random.below(coupons.length)]!;
      const state = log.state<CouponState>(streams.coupon(coupon.couponId));
      const available = state.status === 'added' && state.available;
      log.record(
        decideCoupon(
          {
            type: available ? 'DisableCoupon' : 'EnableCoupon',
            data: { couponId: coupon.couponId, by: admin },
          },
          state,
        ),
        actor(admin),
      );
    }
    if (si % 40 === 0) {
      const announcementId = random.uuid();
      announcements += 1;
      log.record(
        decideAnnouncement(
          {
            type: 'PostAnnouncement',
            data: {
              announcementId,
              title: `Notice ${announcements}`,
              description: `Building notice number ${announcements}.`,
              by: admin,
            },
          },
          log.state<AnnouncementState>(streams.announcement(announcementId)),
        ),
        actor(admin),
      );
    }

    let tenant = people[0]!;
    const months = 6 + random.below(13);
    for (let m = 0; m < months && emitted < options.events; m++) {
      const month = monthNames[m % 12]!;
      const year = 2024 + Math.floor(m / 12);
      if (si % 10 === 0 && m === Math.floor(months / 2)) {
        // The member is demoted (their lease ends); the apartment goes to the second requester.
        log.record(
          decideUser(
            { type: 'DemoteMember', data: { email: tenant.email, by: admin, now: log.now() } },
            log.state<UserState>(streams.user(tenant.email)),
          ),
          actor(admin),
        );
        tenant = people[1]!;
        request(tenant);
        accept(tenant);
      }
      if (random.chance(0.05)) {
        log.record(
          decideUser(
            {
              type: 'RecordProfile',
              data: { profile: { email: tenant.email, name: `${tenant.name} (${m})` }, isAdminEmail: false },
            },
            log.state<UserState>(streams.user(tenant.email)),
          ),
          actor(tenant),
        );
      }
      payRent(tenant, month, year);
    }
    yield pending;
    pending = [];
  }
  if (pending.length > 0) yield pending;

  function payRent(tenant: Caller, month: (typeof monthNames)[number], year: number) {
    const si = Number(/^tenant(\d+)\./.exec(tenant.email)![1]);
    const coupon = coupons.length > 0 && random.chance(0.2) ? coupons[random.below(coupons.length)]! : null;
    const stream = streams.payment(si, year, month);
    const context = (): PaymentContext => ({
      payment: log.state<PaymentState>(stream),
      agreement: log.state<AgreementState>(streams.agreement(si)),
      coupon: coupon
        ? log.state<CouponState>(streams.coupon(couponIdFor(coupon.code)))
        : couponAggregate.initialState(),
    });
    const request = { email: tenant.email, si, month, year, ...(coupon ? { code: coupon.code } : {}) };
    let quote;
    try {
      quote = quoteRentPayment(request, context());
    } catch {
      return; // no active lease (demoted meanwhile) or nothing to pay: the member would be refused too
    }
    const paymentIntentId = `pi_${random.uuid().replaceAll('-', '')}`;
    log.record(
      decidePayment(
        { type: 'StartRentPayment', data: { request, paymentIntentId, amountPoisha: quote.amountPoisha } },
        context(),
      ),
      actor(tenant),
    );
    const intent = {
      id: paymentIntentId,
      amount: quote.amountPoisha,
      currency: 'bdt',
      clientSecret: null,
      metadata: {
        email: tenant.email,
        si: String(si),
        month,
        year: String(year),
        amount: String(quote.amountPoisha),
        ...(coupon ? { coupon: coupon.code } : {}),
      },
    };
    if (random.chance(0.03)) {
      const lastError = {
        code: 'card_declined',
        message: 'Your card was declined.',
        chargeId: `ch_${random.uuid()}`,
      };
      log.record(
        decidePayment(
          {
            type: 'RecordRentPaymentFailed',
            data: { intent: { ...intent, status: 'requires_payment_method', lastError } },
          },
          context(),
        ),
        'system',
      );
    }
    log.record(
      decidePayment(
        {
          type: 'RecordRentPaid',
          data: { intent: { ...intent, status: 'succeeded', lastError: null }, paidAt: log.now() },
        },
        context(),
      ),
      'system',
    );
  }
}

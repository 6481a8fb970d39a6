import { randomUUID } from 'node:crypto';
import { buildingDay, monthName } from '@building/events/rent-ledger/building-calendar';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import type { Caller } from '../command-handling/caller.ts';
import type { Decision } from '../scenario/decision.ts';
import { acceptAgreement, rejectAgreement, requestAgreement } from '../scenario/agreement-steps.ts';
import { addCoupon, listApartment, postAnnouncement, toggleCoupon } from '../scenario/listing-steps.ts';
import { recordRentPaid, recordRentPaymentFailed, startRentPayment } from '../scenario/payment-steps.ts';
import { recordProfile } from '../scenario/user-steps.ts';
import { storeHistory } from './store-history.ts';

/** When the sample log's events happen: one day apart from 2026-01-01, so windows are easy to pick. */
export const sampleDay = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 9, 0, 0));

const admin: Caller = { email: 'admin@building.test', role: 'admin', name: 'Admin' };

/**
 * Appends a small building's history through the store (real hash chains), decided by the real
 * deciders: apartments, users, agreements requested and accepted (every third rejected), a coupon,
 * an announcement, each lease's first month paid with the coupon (odd apartments) or declined (even ones; intent
 * `pi_<si>`). `apartments` scales it up for rebuild tests. Returns the number of events appended.
 */
export async function appendSampleLog(
  store: PostgresEventStore,
  options: { apartments?: number; firstSi?: number } = {},
) {
  const apartments = options.apartments ?? 3;
  const firstSi = options.firstSi ?? 1;
  const { log, record } = storeHistory(store, (n) => sampleDay(n % 300));
  let appended = 0;
  const append = async (decision: Decision) => {
    appended += (await record(decision)).events.length;
  };
  const coupon = addCoupon(log, { code: 'EID10', discount: 10, description: 'Eid, "ten" off, yes' }, admin);
  await append(coupon);
  for (let si = firstSi; si < firstSi + apartments; si++) {
    const details = { si, apartment: `A${si}`, block: 'A', floor: Math.ceil(si / 4), room: String(si) };
    await append(
      listApartment(log, { ...details, rent: 10000 + si, image: `/images/apartments/a${si}.svg` }, admin),
    );
    const email = `tenant${si}@example.com`;
    await append(recordProfile(log, { email, name: `Tenant ${si}`, photoURL: '' }));
    await append(requestAgreement(log, si, email, randomUUID()));
    if (si % 3 === 0) {
      await append(rejectAgreement(log, si, email, admin));
      continue;
    }
    const accept = acceptAgreement(log, si, email, admin);
    await append(accept);
    // The lease's first month: the clock wraps, so a later lease may begin after January.
    const leased = accept.events.find((e) => e.type === 'AgreementAccepted');
    const first = buildingDay(new Date(leased?.type === 'AgreementAccepted' ? leased.data.acceptedAt : 0));
    const open = startRentPayment(
      log,
      { email, si, month: monthName(first), year: first.year, code: 'EID10' },
      `pi_${si}`,
    );
    await append(open);
    const decline = { code: 'card_declined', message: 'Your card was declined.', chargeId: `ch_${si}` };
    await append(si % 2 === 0 ? recordRentPaymentFailed(log, open, decline) : recordRentPaid(log, open));
  }
  await append(toggleCoupon(log, coupon.couponId, false, admin));
  const announcementId = randomUUID();
  await append(
    postAnnouncement(
      log,
      { announcementId, title: 'Water', description: 'No water on\nFriday, 9-12' },
      admin,
    ),
  );
  return appended;
}

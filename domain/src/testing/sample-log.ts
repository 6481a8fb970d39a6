import { randomUUID } from 'node:crypto';
import { buildingDay, monthName } from '@building/events/rent-ledger/building-calendar';
import { acceptAgreement, rejectAgreement, requestAgreement } from '../agreement/commands.ts';
import { postAnnouncement } from '../announcement/commands.ts';
import { listApartment } from '../apartment/commands.ts';
import { loadCaller, type Caller } from '../command-handling/caller.ts';
import { createCommandContext } from '../command-handling/command-context.ts';
import type { CommandResult } from '../command-handling/handle-command.ts';
import { addCoupon, disableCoupon } from '../coupon/commands.ts';
import type { EventStore } from '../event-store/event-store.ts';
import { recordProfile } from '../user/commands.ts';
import { intentDeclined, intentSucceeded, openRentPayment } from './rent-payments.ts';

/** When the sample log's events happen: one day apart from 2026-01-01, so windows are easy to pick. */
export const sampleDay = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 9, 0, 0));

const admin: Caller = { email: 'admin@building.test', role: 'admin', name: 'Admin' };

/**
 * Appends a small building's history through the command handlers (real hash chains):
 * apartments, users, agreements requested and accepted (every third rejected), a coupon, an
 * announcement, January paid with the coupon (odd apartments) or declined (even ones; intent
 * `pi_<si>`). `apartments` scales it up for rebuild tests. Returns the number of events appended.
 */
export async function appendSampleLog(
  store: EventStore,
  options: { apartments?: number; firstSi?: number } = {},
) {
  const apartments = options.apartments ?? 3;
  const firstSi = options.firstSi ?? 1;
  const context = createCommandContext({ store });
  let commands = 0;
  let appended = 0;
  /** One command on the next sample day. */
  const run = async <R extends CommandResult>(command: (now: Date) => Promise<R>) => {
    const result = await command(sampleDay(commands++ % 300));
    appended += result.events.length;
    return result;
  };
  const coupon = await run((now) =>
    addCoupon(context, {
      code: 'EID10',
      discount: 10,
      description: 'Eid, "ten" off, yes',
      caller: admin,
      now,
    }),
  );
  for (let si = firstSi; si < firstSi + apartments; si++) {
    const details = { apartment: `A${si}`, block: 'A', floor: Math.ceil(si / 4), room: String(si) };
    const image = `/images/apartments/a${si}.svg`;
    await run((now) =>
      listApartment(context, { details: { ...details, rent: 10000 + si, image }, si, caller: admin, now }),
    );
    const email = `tenant${si}@example.com`;
    const profile = { email, name: `Tenant ${si}`, photoURL: '' };
    await run(async (now) =>
      recordProfile(context, { profile, isAdminEmail: false, caller: await loadCaller(context, email), now }),
    );
    const tenant = await loadCaller(context, email);
    await run((now) => requestAgreement(context, { si, requestId: randomUUID(), caller: tenant, now }));
    if (si % 3 === 0) {
      await run((now) => rejectAgreement(context, { si, email, caller: admin, now }));
      continue;
    }
    const accept = await run((now) => acceptAgreement(context, { si, email, caller: admin, now }));
    // The lease's first month: the clock wraps, so a later lease may begin after January.
    const leased = accept.events.find((e) => e.type === 'AgreementAccepted');
    const first = buildingDay(new Date(String(leased?.data.acceptedAt)));
    const member = await loadCaller(context, email);
    const request = { email, si, month: monthName(first), year: first.year, code: 'EID10' };
    const open = await run((now) =>
      openRentPayment(context, { request, paymentIntentId: `pi_${si}`, caller: member, now }),
    );
    const decline = { code: 'card_declined', message: 'Your card was declined.', chargeId: `ch_${si}` };
    await run((now) =>
      si % 2 === 0 ? intentDeclined(context, open, decline, now) : intentSucceeded(context, open, now),
    );
  }
  await run((now) => disableCoupon(context, { couponId: coupon.couponId, caller: admin, now }));
  await run((now) =>
    postAnnouncement(context, {
      announcementId: randomUUID(),
      title: 'Water',
      description: 'No water on\nFriday, 9-12',
      caller: admin,
      now,
    }),
  );
  return appended;
}

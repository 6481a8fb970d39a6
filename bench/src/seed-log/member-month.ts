import { emailKinds, maintenanceCategories, type Month } from '@building/events/catalogue';
import { DomainError } from '@building/events/domain-error';
import type { Caller } from '@building/command-service/command-handling/caller';
import { callerOf, type Decision } from '@building/command-service/scenario/decision';
import {
  changeMaintenanceStatus,
  commentOnMaintenanceRequest,
  fileMaintenanceRequest,
} from '@building/command-service/scenario/maintenance-steps';
import {
  issueRentReminder,
  recordRentPaid,
  recordRentPaymentFailed,
  recordRentRefunded,
  startRentPayment,
  type OpenIntent,
} from '@building/command-service/scenario/payment-steps';
import { markNotificationsRead, setEmailPreferences } from '@building/command-service/scenario/user-steps';
import type { DecidedLog } from './decided-log.ts';
import type { SeededRandom } from './seeded-random.ts';

/** What a month of a lease draws on: the log, its dice, the admin, the coupons in circulation. */
export interface MonthContext {
  log: DecidedLog;
  random: SeededRandom;
  admin: Caller;
  coupons: readonly string[];
}

export interface LeaseMonth {
  email: string;
  si: number;
  month: Month;
  year: number;
}

/** Decides a step the member could be refused (a coupon disabled meanwhile, a lease ended): null then. */
function attempt<T extends Decision>(decide: () => T): T | null {
  try {
    return decide();
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * One month of a member's lease: most pay on time (now and then with a coupon, or after a declined
 * card); some are reminded first, a few only once overdue, a few leave the month unpaid; the odd
 * one pays twice from two tabs and the second charge is refunded. Besides the rent: a maintenance
 * request now and then, taken through the admin's triage with comments; the member reads their
 * notifications and changes which emails they get.
 */
export function liveMonth(context: MonthContext, lease: LeaseMonth): void {
  const { log, random } = context;
  const late = random.chance(0.25);
  const unpaid = random.chance(0.03);
  if (late || unpaid) log.record(issueRentReminder(log, { ...lease, kind: 'due' }));
  if (unpaid || (late && random.chance(0.15)))
    log.record(issueRentReminder(log, { ...lease, kind: 'overdue' }));
  if (!unpaid) payRent(context, lease);
  if (random.chance(0.06)) maintenanceRequest(context, lease);
  if (random.chance(0.15)) log.record(markNotificationsRead(log, lease.email, log.now()));
  if (random.chance(0.02)) {
    const off = emailKinds.filter(() => random.chance(0.3));
    log.record(setEmailPreferences(log, lease.email, off));
  }
}

function payRent(context: MonthContext, lease: LeaseMonth): void {
  const { log, random, coupons } = context;
  const code = coupons.length > 0 && random.chance(0.2) ? coupons[random.below(coupons.length)] : undefined;
  const open = (withCode: string | undefined) =>
    attempt(() => startRentPayment(log, { ...lease, code: withCode }, intentId(random)));
  // A disabled coupon is refused: the member pays without it.
  const first = (code && open(code)) || open(undefined);
  if (!first) return;
  log.record(first);
  const second = random.chance(0.01) ? open(code) : null;
  if (second) log.record(second);
  if (random.chance(0.03)) {
    const decline = {
      code: 'card_declined',
      message: 'Your card was declined.',
      chargeId: `ch_${random.uuid()}`,
    };
    log.record(recordRentPaymentFailed(log, first, decline));
  }
  log.record(recordRentPaid(log, first));
  if (second) refund(context, second);
}

/** The second tab's charge went through after the month was paid: the provider refunds it. */
function refund({ log, random }: MonthContext, second: OpenIntent): void {
  log.record(recordRentRefunded(log, second, `re_${random.uuid().replaceAll('-', '')}`));
}

const intentId = (random: SeededRandom) => `pi_${random.uuid().replaceAll('-', '')}`;

/** A day `days` after `now`, as a visit date. */
const dayAfter = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

function maintenanceRequest({ log, random, admin }: MonthContext, lease: LeaseMonth): void {
  const requestId = random.uuid();
  const category = maintenanceCategories[random.below(maintenanceCategories.length)]!;
  const filed = attempt(() =>
    fileMaintenanceRequest(log, lease.email, {
      requestId,
      si: lease.si,
      category,
      description: `The ${category} needs a look (${lease.month} ${lease.year}).`,
      photos: random.chance(0.3) ? [`/images/uploads/${random.uuid()}.jpg`] : [],
    }),
  );
  if (!filed) return;
  log.record(filed);
  const member = callerOf(log, lease.email);
  const comment = (by: Caller, text: string) =>
    log.record(commentOnMaintenanceRequest(log, requestId, text, by));
  if (random.chance(0.4)) comment(member, 'It is getting worse.');
  if (random.chance(0.15)) return; // still open
  if (random.chance(0.1)) {
    log.record(
      changeMaintenanceStatus(log, requestId, 'declined', { reason: 'This is the tenant’s to fix.' }, admin),
    );
    return;
  }
  log.record(changeMaintenanceStatus(log, requestId, 'acknowledged', {}, admin));
  if (random.chance(0.2)) return;
  const visit = dayAfter(log.now(), 1 + random.below(7));
  log.record(changeMaintenanceStatus(log, requestId, 'scheduled', { scheduledFor: visit }, admin));
  if (random.chance(0.5)) comment(admin, `The technician comes on ${visit}.`);
  if (random.chance(0.2)) return;
  log.record(changeMaintenanceStatus(log, requestId, 'in-progress', {}, admin));
  log.record(changeMaintenanceStatus(log, requestId, 'done', {}, admin));
}

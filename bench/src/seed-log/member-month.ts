import { emailKinds, maintenanceCategories } from '@building/events/catalogue';
import { loadCaller, type Caller } from '@building/domain/command-handling/caller';
import {
  changeMaintenanceStatus,
  commentOnMaintenanceRequest,
  fileMaintenanceRequest,
} from '@building/domain/maintenance/commands';
import type { TriageStatus } from '@building/domain/maintenance/decide';
import { issueRentReminder } from '@building/domain/payments/commands';
import {
  intentDeclined,
  intentRefunded,
  intentSucceeded,
  openRentPayment,
  type OpenIntent,
} from '@building/domain/testing/rent-payments';
import { chooseLanguage, markNotificationsRead, setEmailPreferences } from '@building/domain/user/commands';
import type { GeneratedCommands } from './generated-commands.ts';
import { chargeMonth, payAtDesk, payingInItsMonth, type LeaseMonth } from './month-account.ts';
import type { SeededRandom } from '@building/domain/testing/seeded-random';

/**
 * One month of a member's lease: most pay on time (now and then with a coupon, or after a declined
 * card); some are reminded first, a few only once overdue, a few leave the month unpaid; the odd
 * one pays twice from two tabs and the second charge is refunded. The month's charges (the plan's
 * service charge, the meter's bill, an admin's charge, a late fee) are added first; some pay it all
 * at the desk, by bank or by mobile money; card payers pay the month's total, half of them after
 * paying part of it at the desk.
 * Besides the money: a maintenance
 * request now and then, taken through the admin's triage with comments; the member reads their
 * notifications and changes which emails they get.
 */
export async function liveMonth(commands: GeneratedCommands, coupons: readonly string[], lease: LeaseMonth) {
  const { context, random, run } = commands;
  const member = await loadCaller(context, lease.email);
  const late = random.chance(0.25);
  const unpaid = random.chance(0.03);
  const remind = (kind: 'due' | 'overdue') =>
    run((now) => issueRentReminder(context, { ...lease, kind, issuedAt: now }));
  if (late || unpaid) await remind('due');
  if (unpaid || (late && random.chance(0.15))) await remind('overdue');
  await chargeMonth(commands, lease, late || unpaid);
  if (!unpaid && random.chance(0.2)) await payAtDesk(commands, lease, late);
  else if (!unpaid) {
    // Part at the desk first, now and then: the card pays the rest of the month.
    if (random.chance(0.5)) await payAtDesk(commands, lease, late, 0.5);
    await payRent(commands, coupons, lease, member, late);
  }
  if (random.chance(0.06)) await maintenanceRequest(commands, lease, member);
  if (random.chance(0.15)) await run((now) => markNotificationsRead(context, { caller: member, now }));
  if (random.chance(0.02)) {
    const off = emailKinds.filter(() => random.chance(0.3));
    await run((now) => setEmailPreferences(context, { off, caller: member, now }));
  }
  if (random.chance(0.03)) {
    const language = random.chance(0.8) ? 'bn' : 'en';
    await run((now) => chooseLanguage(context, { language, caller: member, now }));
  }
}

async function payRent(
  commands: GeneratedCommands,
  coupons: readonly string[],
  lease: LeaseMonth,
  member: Caller,
  late: boolean,
) {
  // Paid in its month, as the desk's payments are.
  const paying = payingInItsMonth(commands, lease, late);
  const { context, random, run, attempt } = paying;
  const code = coupons.length > 0 && random.chance(0.2) ? coupons[random.below(coupons.length)] : undefined;
  const open = (withCode: string | undefined) => {
    const request = { ...lease, code: withCode };
    const paymentIntentId = intentId(random);
    return attempt((now) => openRentPayment(context, { request, paymentIntentId, caller: member, now }));
  };
  // A disabled coupon is refused: the member pays without it.
  const first = (code && (await open(code))) || (await open(undefined));
  if (!first) return;
  const second = random.chance(0.01) ? await open(code) : null;
  if (random.chance(0.03)) {
    const decline = {
      code: 'card_declined',
      message: 'Your card was declined.',
      chargeId: `ch_${random.uuid()}`,
    };
    await run((now) => intentDeclined(context, first, decline, now));
  }
  await run((now) => intentSucceeded(context, first, now));
  if (second) await refund(paying, second);
}

/** The second tab's charge went through after the month was paid: the provider refunds it. */
async function refund({ context, random, run }: GeneratedCommands, second: OpenIntent) {
  const refundId = `re_${random.uuid().replaceAll('-', '')}`;
  await run((now) => intentRefunded(context, second, refundId, now));
}

const intentId = (random: SeededRandom) => `pi_${random.uuid().replaceAll('-', '')}`;

/** A day `days` after `now`, as a visit date. */
const dayAfter = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function maintenanceRequest(commands: GeneratedCommands, lease: LeaseMonth, member: Caller) {
  const { context, random, admin, run, attempt } = commands;
  const requestId = random.uuid();
  const category = maintenanceCategories[random.below(maintenanceCategories.length)]!;
  const filed = await attempt((now) =>
    fileMaintenanceRequest(context, {
      requestId,
      si: lease.si,
      category,
      description: `The ${category} needs a look (${lease.month} ${lease.year}).`,
      photos: random.chance(0.3) ? [`/images/uploads/${random.uuid()}.jpg`] : [],
      caller: member,
      now,
    }),
  );
  if (!filed) return;
  const comment = (by: Caller, text: string) =>
    run((now) => commentOnMaintenanceRequest(context, { requestId, text, caller: by, now }));
  const move = (status: TriageStatus, more: { scheduledFor?: string; reason?: string } = {}) =>
    run((now) => changeMaintenanceStatus(context, { requestId, status, ...more, caller: admin, now }));
  if (random.chance(0.4)) await comment(member, 'It is getting worse.');
  if (random.chance(0.15)) return; // still open
  if (random.chance(0.1)) {
    await move('declined', { reason: 'This is the tenant’s to fix.' });
    return;
  }
  await move('acknowledged');
  if (random.chance(0.2)) return;
  const visit = dayAfter(commands.now(), 1 + random.below(7));
  await move('scheduled', { scheduledFor: visit });
  if (random.chance(0.5)) await comment(admin, `The technician comes on ${visit}.`);
  if (random.chance(0.2)) return;
  await move('in-progress');
  await move('done');
}

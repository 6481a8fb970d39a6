import { randomUUID } from 'node:crypto';
import type {
  ApartmentDetails,
  EmailKind,
  EventData,
  Language,
  Month,
  OfflineMethod,
} from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { addCharges } from '../account/add-charges.ts';
import { payDeposit, settleDeposit } from '../account/deposit-commands.ts';
import { agreementAggregate } from '../agreement/agreement.ts';
import { acceptAgreement, rejectAgreement, requestAgreement } from '../agreement/commands.ts';
import { editAnnouncement, postAnnouncement } from '../announcement/commands.ts';
import { listApartment } from '../apartment/commands.ts';
import { loadCaller, type Caller } from '../command-handling/caller.ts';
import { createCommandContext } from '../command-handling/command-context.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { addCoupon, disableCoupon, editCoupon, enableCoupon } from '../coupon/commands.ts';
import { recordExpense, reverseExpense } from '../expense/commands.ts';
import type { ExpenseEntry } from '../expense/decide.ts';
import type { EventStore } from '../event-store/event-store.ts';
import {
  changeMaintenanceStatus,
  commentOnMaintenanceRequest,
  fileMaintenanceRequest,
} from '../maintenance/commands.ts';
import { issueRentReminder, recordProviderRefunds } from '../payments/commands.ts';
import type { RefundFacts } from '../payments/intent-facts.ts';
import {
  chooseLanguage,
  demoteMember,
  markNotificationsRead,
  recordProfile,
  setEmailPreferences,
} from '../user/commands.ts';
import { intentRefunded, intentSucceeded, openRentPayment, type OpenIntent } from './rent-payments.ts';

/**
 * Test support: writes a building's history through the command handlers into `store` (the
 * in-memory one, or Postgres for tests that read the log back): one transaction per command,
 * several streams where the domain says so. Time advances one minute per command, so "newest
 * first" is testable. The admin acts by address, registered or not.
 */
export function buildingHistory(store: EventStore, start = new Date('2026-01-05T09:00:00Z')) {
  const context = createCommandContext({ store });
  let commands = 0;
  const nextTime = () => new Date(start.getTime() + (commands + 1) * 60_000);
  /** Runs one command at the next minute; its result carries that time. */
  async function at<R extends object>(command: (now: Date) => Promise<R>) {
    const now = nextTime();
    const result = await command(now);
    commands += 1;
    return { ...result, now };
  }
  const admin: Caller = { email: 'admin@building.test', role: 'admin', name: 'Admin' };
  const callerFor = (email: string) => (email === admin.email ? admin : loadCaller(context, email));
  /** The apartment of each agreement request, to find the request by its id. */
  const requests = new Map<string, number>();
  /** Intents opened and not yet paid or refunded, per apartment-month. */
  const openIntents = new Map<string, OpenIntent[]>();
  const monthKey = (si: number, month: Month, year: number) => `${si}-${year}-${month}`;
  /** Intents that paid, by id, and the refunds the provider lists for each. */
  const paidIntents = new Map<string, { open: OpenIntent; refunds: RefundFacts[] }>();

  async function startPayment(email: string, si: number, month: Month, year: number, code?: string) {
    const paymentIntentId = `pi_${randomUUID().replaceAll('-', '')}`;
    const caller = await callerFor(email);
    const request = { email, si, month, year, code };
    const started = await at((now) => openRentPayment(context, { request, paymentIntentId, caller, now }));
    const key = monthKey(si, month, year);
    openIntents.set(key, [...(openIntents.get(key) ?? []), started]);
    return started;
  }
  const settle = ({ request, intent }: OpenIntent) => {
    const key = monthKey(request.si, request.month, request.year);
    openIntents.set(
      key,
      (openIntents.get(key) ?? []).filter((o) => o.intent.id !== intent.id),
    );
  };
  /** The pending request of this id, as its agreement stream holds it. */
  async function pending(requestId: string) {
    const si = requests.get(requestId);
    const agreement =
      si === undefined ? undefined : await loadAggregate(context, streams.agreement(si), agreementAggregate);
    const request = Object.values(agreement?.state.requests ?? {}).find(
      (r) => r.requestId === requestId && r.status === 'pending',
    );
    if (!request) throw new Error('no such pending request');
    return { si: request.si, email: request.userEmail };
  }

  return {
    /** The time the next command will carry. */
    nextTime,

    /** The admin records an expense (dated by the entry, recorded at the next minute). */
    recordExpense: async (entry: ExpenseEntry) => {
      const expenseId = randomUUID();
      return {
        expenseId,
        ...(await at((now) => recordExpense(context, { ...entry, expenseId, caller: admin, now }))),
      };
    },
    reverseExpense: (expenseId: string, reason: string) =>
      at((now) => reverseExpense(context, { expenseId, reason, caller: admin, now })),

    register: async (email: string, name: string, options: { admin?: boolean } = {}) => {
      const caller = await callerFor(email);
      const profile = { email, name, photoURL: `https://img.test/${name}.png` };
      return at((now) =>
        recordProfile(context, { profile, isAdminEmail: options.admin ?? false, caller, now }),
      );
    },

    updateProfile: async (email: string, name: string) => {
      const caller = await callerFor(email);
      const profile = { email, name, photoURL: '' };
      return at((now) => recordProfile(context, { profile, isAdminEmail: false, caller, now }));
    },

    list: (si: number, overrides: Partial<ApartmentDetails> = {}) => {
      const details: ApartmentDetails = {
        si,
        apartment: String(100 + si),
        block: ['A', 'B', 'C', 'D'][si % 4]!,
        floor: Math.ceil(si / 4),
        room: String(300 + si),
        rent: 15_000 + si * 500,
        image: `/images/apartments/apartment-${si}.svg`,
        ...overrides,
      };
      const { si: _si, ...rest } = details;
      return at((now) => listApartment(context, { details: rest, si: details.si, caller: admin, now }));
    },

    request: async (si: number, email: string) => {
      const requestId = randomUUID();
      requests.set(requestId, si);
      const caller = await loadCaller(context, email);
      return { ...(await at((now) => requestAgreement(context, { si, requestId, caller, now }))), requestId };
    },

    /** Accept: books the apartment, promotes the user, rejects the other pending requests for it. */
    accept: async (requestId: string) => {
      const { si, email } = await pending(requestId);
      return at((now) => acceptAgreement(context, { si, email, caller: admin, now }));
    },

    reject: async (requestId: string) => {
      const { si, email } = await pending(requestId);
      return at((now) => rejectAgreement(context, { si, email, caller: admin, now }));
    },

    /** Demote: ends the member's leases (freeing the apartments) and the membership, atomically. */
    demote: (email: string) => at((now) => demoteMember(context, { email, caller: admin, now })),

    /** An admin records money towards the member's deposit received offline. */
    payDeposit: (
      email: string,
      si: number,
      amountPoisha: number,
      method: OfflineMethod = 'bank',
      reference = `DEP-${randomUUID().slice(0, 8)}`,
    ) =>
      at((now) =>
        payDeposit(context, {
          si,
          email,
          paymentId: randomUUID(),
          method,
          reference,
          amountPoisha,
          caller: admin,
          now,
        }),
      ),

    /** After the lease ended, an admin settles its deposit (returned by bank, say). */
    settleDeposit: (
      email: string,
      si: number,
      deductions: { reason: string; amountPoisha: number }[],
      method: OfflineMethod = 'bank',
      reference = 'DEP-RETURN',
    ) =>
      at((now) => settleDeposit(context, { si, email, deductions, method, reference, caller: admin, now })),

    addCoupon: (code: string, discount: number, description = `${discount}% off`) =>
      at((now) => addCoupon(context, { code, discount, description, caller: admin, now })),
    editCoupon: (
      couponId: string,
      terms: { discount: number; description: string; expiresOn?: string | null; usageLimit?: number | null },
    ) => at((now) => editCoupon(context, { couponId, ...terms, caller: admin, now })),
    disableCoupon: (couponId: string) =>
      at((now) => disableCoupon(context, { couponId, caller: admin, now })),
    enableCoupon: (couponId: string) => at((now) => enableCoupon(context, { couponId, caller: admin, now })),

    announce: async (
      title: string,
      description: string,
      terms: { pinned?: boolean; expiresOn?: string | null } = {},
    ) => {
      const announcementId = randomUUID();
      const result = await at((now) =>
        postAnnouncement(context, { announcementId, title, description, ...terms, caller: admin, now }),
      );
      return { ...result, announcementId };
    },
    editAnnouncement: (
      announcementId: string,
      terms: { title: string; description: string; pinned?: boolean; expiresOn?: string | null },
    ) => at((now) => editAnnouncement(context, { announcementId, ...terms, caller: admin, now })),

    /**
     * The member opens a payment and leaves it open (a second browser tab, say): if another intent
     * pays the month, `refundSecondCharge` charges and refunds this one.
     */
    startPayment: (email: string, si: number, month: Month, year: number, code?: string) =>
      startPayment(email, si, month, year, code),

    /** The admin adds a charge (poisha) to one apartment's month. */
    charge: (si: number, month: Month, year: number, amountPoisha: number, description: string) =>
      at((now) =>
        addCharges(context, {
          ...{ target: { si }, month, year, kind: 'other', amount: amountPoisha, description },
          sis: [si],
          caller: admin,
          now,
        }),
      ),

    /** A successful rent payment (the month's total, itemised): started, then paid, as the payment flow records them. */
    pay: async (
      email: string,
      si: number,
      month: Month,
      year: number,
      coupon?: { code: string; discount: number },
    ) => {
      const started = await startPayment(email, si, month, year, coupon?.code);
      const result = await at((now) => intentSucceeded(context, started, now));
      settle(started);
      paidIntents.set(started.intent.id, { open: started, refunds: [] });
      return {
        ...result,
        transactionId: started.intent.id,
        paidAt: result.now.toISOString(),
        amountPoisha: started.intent.amount,
      };
    },

    /** An admin refunds (part of) a payment at the provider; its charge.refunded is recorded. */
    refundAtProvider: async (transactionId: string, amountPoisha: number) => {
      const paid = paidIntents.get(transactionId);
      if (!paid) throw new Error(`no payment ${transactionId} was made in this history`);
      const refund = {
        id: `re_${randomUUID().replaceAll('-', '')}`,
        paymentIntentId: transactionId,
        amount: amountPoisha,
      };
      paid.refunds.push(refund);
      const result = await at((now) =>
        recordProviderRefunds(context, {
          period: paid.open.request,
          intent: { ...paid.open.intent, status: 'succeeded' },
          refunds: paid.refunds,
          by: 'system',
          now,
        }),
      );
      return { ...result, refundId: refund.id, refundedAt: result.now.toISOString() };
    },

    /** The intent left open by `startPayment` is charged after the month was paid: the provider refunds it. */
    refundSecondCharge: async (_email: string, si: number, month: Month, year: number) => {
      const second = openIntents.get(monthKey(si, month, year))?.[0];
      if (!second) throw new Error(`no second intent was opened for ${month} ${year} of apartment ${si}`);
      const result = await at((now) =>
        intentRefunded(context, second, `re_${second.intent.id.slice(3)}`, now),
      );
      settle(second);
      return {
        ...result,
        transactionId: second.intent.id,
        refundedAt: result.now.toISOString(),
        amountPoisha: second.intent.amount,
      };
    },

    /** The reminder scheduler's record for an unpaid month. */
    remind: (email: string, si: number, month: Month, year: number, kind: 'due' | 'overdue') =>
      at((now) => issueRentReminder(context, { email, si, month, year, kind, issuedAt: now })),

    /** A member files a maintenance request about their leased apartment. */
    fileMaintenance: async (
      email: string,
      si: number,
      filing: Pick<EventData<'MaintenanceRequested'>, 'category' | 'description'> & { photos?: string[] },
    ) => {
      const requestId = randomUUID();
      const caller = await loadCaller(context, email);
      const filed = await at((now) =>
        fileMaintenanceRequest(context, { photos: [], ...filing, requestId, si, caller, now }),
      );
      return { ...filed, requestId };
    },

    /** An admin moves a maintenance request on (scheduledFor / reason as the status needs). */
    triageMaintenance: (
      requestId: string,
      status: EventData<'MaintenanceStatusChanged'>['status'],
      more: { scheduledFor?: string; reason?: string } = {},
    ) => at((now) => changeMaintenanceStatus(context, { requestId, status, ...more, caller: admin, now })),

    commentOnMaintenance: async (requestId: string, author: string, text: string) => {
      const caller = await callerFor(author);
      return at((now) => commentOnMaintenanceRequest(context, { requestId, text, caller, now }));
    },

    emailPreferences: async (email: string, off: EmailKind[]) => {
      const caller = await loadCaller(context, email);
      return at((now) => setEmailPreferences(context, { off, caller, now }));
    },

    chooseLanguage: async (email: string, language: Language) => {
      const caller = await loadCaller(context, email);
      return at((now) => chooseLanguage(context, { language, caller, now }));
    },

    readNotifications: async (email: string, upTo: string) => {
      const caller = await loadCaller(context, email);
      return at((now) => markNotificationsRead(context, { upTo: new Date(upTo), caller, now }));
    },
  };
}

export type BuildingHistory = ReturnType<typeof buildingHistory>;

import type { Knex } from 'knex';
import { decodeEvent } from '@building/events/decode-event';
import type { StoredEvent } from '@building/events/envelope';
import { isClosedMaintenanceStatus } from '@building/events/maintenance-transitions';
import { buildingState } from '@building/command-service/audit/state-at/building-state';
import type { Replay } from '@building/command-service/audit/state-at/state-at';
import { maintenanceAggregate, type MaintenanceState } from '@building/domain/maintenance/maintenance';

/**
 * What both the views and `audit state --at` say about the building, in one comparable shape:
 * who holds each apartment, each coupon's status, who paid which apartment-month (with the amount),
 * which second charges were refunded, each lease's end, and when each month was reminded. Kept to
 * this one small function per side, so the audit's fold can change behind it.
 */
export interface ComparableState {
  holders: Record<number, string>;
  coupons: Record<string, string>;
  paid: Record<string, { email: string; amountPoisha: number }>;
  /** By payment intent. */
  refunded: Record<string, { email: string; month: string; amountPoisha: number }>;
  /** By lease (its request id): when it ended, if it did. */
  leases: Record<string, string | null>;
  /** By apartment-month: the reminders issued. */
  reminders: Record<string, { due: string | null; overdue: string | null }>;
}

const iso = (time: Date | string | null) => (time === null ? null : new Date(time).toISOString());
const monthKey = (m: { si: number; year: number; month: string }) => `${m.si}-${m.year}-${m.month}`;

export async function stateOfViews(db: Knex): Promise<ComparableState> {
  const apartments = await db('apartments_v1_apartments').whereNotNull('booked_by').select('si', 'booked_by');
  const coupons = await db('coupons_v2_coupons').select('coupon_id', 'status');
  const payments = await db('payments_v1_payments').select('si', 'year', 'month', 'email', 'amount_poisha');
  const refunds = await db('payments_v1_refunds').select();
  const leases = await db('rent_ledger_v3_leases').select('lease_id', 'ended_at');
  const months = await db('rent_ledger_v3_months')
    .where((q) => q.whereNotNull('due_reminded_at').orWhereNotNull('overdue_reminded_at'))
    .select();
  return {
    holders: Object.fromEntries(apartments.map((a) => [a.si, a.booked_by])),
    coupons: Object.fromEntries(coupons.map((c) => [c.coupon_id, c.status])),
    paid: Object.fromEntries(
      payments.map((p) => [monthKey(p), { email: p.email, amountPoisha: Number(p.amount_poisha) }]),
    ),
    refunded: Object.fromEntries(
      refunds.map((r) => [
        r.payment_intent_id,
        { email: r.email, month: monthKey(r), amountPoisha: Number(r.amount_poisha) },
      ]),
    ),
    leases: Object.fromEntries(leases.map((l) => [l.lease_id, iso(l.ended_at)])),
    reminders: Object.fromEntries(
      months.map((m) => [monthKey(m), { due: iso(m.due_reminded_at), overdue: iso(m.overdue_reminded_at) }]),
    ),
  };
}

export function stateOfAudit(replay: Replay): ComparableState {
  const state = buildingState(replay);
  const attempts = Object.values(state.payments);
  return {
    holders: Object.fromEntries(Object.values(state.holders).map((h) => [h.si, h.userEmail.toLowerCase()])),
    coupons: Object.fromEntries(Object.values(state.coupons).map((c) => [c.couponId, c.status])),
    paid: Object.fromEntries(
      attempts
        .filter((p) => p.status === 'paid')
        .map((p) => [monthKey(p), { email: p.email.toLowerCase(), amountPoisha: p.amountPoisha }]),
    ),
    refunded: Object.fromEntries(
      attempts
        .filter((p) => p.status === 'refunded')
        .map((p) => [
          p.paymentIntentId,
          { email: p.email.toLowerCase(), month: monthKey(p), amountPoisha: p.amountPoisha },
        ]),
    ),
    leases: Object.fromEntries(Object.values(replay.ledger.leases).map((l) => [l.leaseId, iso(l.endedAt)])),
    reminders: Object.fromEntries(
      Object.values(replay.ledger.settled)
        .filter((m) => m.reminders.due !== null || m.reminders.overdue !== null)
        .map((m) => [monthKey(m), { due: iso(m.reminders.due), overdue: iso(m.reminders.overdue) }]),
    ),
  };
}

/** Maintenance requests still open, per member: the view's answer. */
export async function openRequestsOfViews(db: Knex): Promise<Record<string, number>> {
  const rows = await db('maintenance_v1_requests')
    .whereNotIn('status', ['done', 'declined'])
    .groupBy('email')
    .select('email', db.raw('count(*)::int as n'));
  return Object.fromEntries(rows.map((r) => [r.email, r.n]));
}

/**
 * The same from the log, folded with the maintenance aggregate's own evolve (the audit's state has
 * no maintenance yet): what the command side would decide on.
 */
export function openRequestsOfLog(log: readonly StoredEvent[]): Record<string, number> {
  const states = new Map<string, MaintenanceState>();
  for (const event of log) {
    if (!event.stream.startsWith('maintenance-')) continue;
    const state = states.get(event.stream) ?? maintenanceAggregate.initialState();
    states.set(event.stream, maintenanceAggregate.evolve(state, decodeEvent(event)));
  }
  const open: Record<string, number> = {};
  for (const request of states.values()) {
    if (request.email && !isClosedMaintenanceStatus(request.status))
      open[request.email.toLowerCase()] = (open[request.email.toLowerCase()] ?? 0) + 1;
  }
  return open;
}

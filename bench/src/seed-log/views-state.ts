import type { Knex } from 'knex';
import type { BuildingState } from '@building/command-service/audit/state-at/building-state';

/**
 * What both the views and `audit state --at` say about the building, in one comparable shape:
 * who holds each apartment, each coupon's status, and who paid which apartment-month (with the
 * amount). Kept to this one small function per side, so the audit's fold can change behind it.
 */
export interface ComparableState {
  holders: Record<number, string>;
  coupons: Record<string, string>;
  paid: Record<string, { email: string; amountPoisha: number }>;
}

export async function stateOfViews(db: Knex): Promise<ComparableState> {
  const apartments = await db('apartments_v1_apartments').whereNotNull('booked_by').select('si', 'booked_by');
  const coupons = await db('coupons_v1_coupons').select('coupon_id', 'status');
  const payments = await db('payments_v1_payments').select('si', 'year', 'month', 'email', 'amount_poisha');
  return {
    holders: Object.fromEntries(apartments.map((a) => [a.si, a.booked_by])),
    coupons: Object.fromEntries(coupons.map((c) => [c.coupon_id, c.status])),
    paid: Object.fromEntries(
      payments.map((p) => [
        `${p.si}-${p.year}-${p.month}`,
        { email: p.email, amountPoisha: Number(p.amount_poisha) },
      ]),
    ),
  };
}

export function stateOfAudit(state: BuildingState): ComparableState {
  return {
    holders: Object.fromEntries(Object.values(state.holders).map((h) => [h.si, h.userEmail.toLowerCase()])),
    coupons: Object.fromEntries(Object.values(state.coupons).map((c) => [c.couponId, c.status])),
    paid: Object.fromEntries(
      Object.values(state.payments)
        .filter((p) => p.status === 'paid')
        .map((p) => [
          `${p.si}-${p.year}-${p.month}`,
          { email: p.email.toLowerCase(), amountPoisha: p.amountPoisha },
        ]),
    ),
  };
}

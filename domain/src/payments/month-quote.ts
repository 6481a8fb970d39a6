import type { EventData, PaidItem } from '@building/events/catalogue';
import { couponDiscountPoisha, paysRent } from '@building/events/account/card-credit';
import { refuse } from '@building/events/domain-error';
import { duesOf, openCharges, standingPayments } from '../account/month-account.ts';
import { alreadyPaid } from './already-paid.ts';
import type { PaymentContext } from './payment-context.ts';

type Priced = Pick<
  EventData<'RentPaymentStarted'>,
  'rentPoisha' | 'discount' | 'couponCode' | 'amountPoisha' | 'items'
>;
interface Month {
  si: number;
  month: string;
  year: number;
}

/** The month holds nothing but its rent and card payments of it: priced as rent alone (no items). */
export const rentAlone = ({ month }: PaymentContext) =>
  openCharges(month).length === 0 && !month.lateFee && standingPayments(month).length === 0;

/**
 * The card price of everything a month still owes, itemised: the rent (after the coupon, which
 * applies to rent only and only while no card payment used one on it), each open charge, the late
 * fee; less what was paid of them offline (month-dues.ts: offline money pays the rent first).
 */
export function quoteMonthTotal(
  m: Month,
  context: PaymentContext,
  rentPoisha: number,
  coupon: { couponCode: string | null; discount: number },
): Priced {
  const dues = duesOf(context.month, rentPoisha);
  if (dues.remainingPoisha === 0) throw alreadyPaid(m);
  const rent = dues.dues.find((d) => d.kind === 'rent')!;
  const discountPoisha = coupon.couponCode ? couponDiscountPoisha(rentPoisha, coupon.discount) : 0;
  if (coupon.couponCode && (dues.rentPaidByCard || rent.remainingPoisha === 0))
    throw refuse(
      'coupon-unavailable',
      `the coupon '${coupon.couponCode}' applies to rent only, and the rent of ${m.month} ${m.year} is paid`,
    );
  if (discountPoisha > rent.remainingPoisha)
    throw refuse(
      'coupon-unavailable',
      `the coupon '${coupon.couponCode}' takes more than the rent of ${m.month} ${m.year} left unpaid`,
    );
  const items: PaidItem[] = dues.dues
    .filter((d) => d.remainingPoisha > 0)
    .map((d) => ({
      kind: d.kind,
      ...(d.chargeId ? { chargeId: d.chargeId } : {}),
      description: d.description,
      amountPoisha: d.kind === 'rent' ? d.remainingPoisha - discountPoisha : d.remainingPoisha,
    }));
  const amountPoisha = items.reduce((sum, i) => sum + i.amountPoisha, 0);
  if (amountPoisha === 0)
    throw refuse('nothing-to-pay', `the coupon '${coupon.couponCode}' leaves nothing to pay`);
  return {
    rentPoisha,
    discount: coupon.couponCode ? coupon.discount : 0,
    couponCode: coupon.couponCode,
    amountPoisha,
    items,
  };
}

/**
 * Whether an intent started for the month pays what it still owes (priced with the intent's own
 * coupon): no more than that, it is recorded; more (the month was paid meanwhile, by card or at the
 * desk) it is a second charge, refunded.
 */
export function paysWhatIsOwed(
  started: EventData<'RentPaymentStarted'>,
  context: PaymentContext,
  rentPoisha: number,
): boolean {
  const dues = duesOf(context.month, rentPoisha);
  const discount =
    paysRent(started) && !dues.rentPaidByCard ? couponDiscountPoisha(rentPoisha, started.discount) : 0;
  return started.amountPoisha <= dues.remainingPoisha - discount;
}

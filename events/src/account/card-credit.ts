import type { PaidItem } from '../catalogue.ts';

/** A coupon's discount of a rent: round(rent x percent / 100), half up, in integers only. */
export const couponDiscountPoisha = (rentPoisha: number, discount: number): number =>
  Math.floor((rentPoisha * discount + 50) / 100);

/** What a card payment says it paid: the rent's price (its coupon) and, itemised, what else. */
export interface CardPaymentTerms {
  rentPoisha: number;
  discount: number;
  amountPoisha: number;
  items?: PaidItem[] | undefined;
}

/** Whether a card payment paid (part of) the month's rent: one of rent alone, or itemising it. */
export const paysRent = (paid: CardPaymentTerms): boolean =>
  !paid.items || paid.items.some((i) => i.kind === 'rent');

/**
 * The coupon's discount a card payment gave on the rent. A payment of rent alone was priced at
 * `rentPoisha - discount`; an itemised one names the rent after its coupon and what had been paid
 * of it already, so its discount is the coupon's of the whole rent (none without a rent item).
 */
export function paymentDiscountPoisha(paid: CardPaymentTerms): number {
  if (!paid.items) return Math.max(0, paid.rentPoisha - paid.amountPoisha);
  return paysRent(paid) ? couponDiscountPoisha(paid.rentPoisha, paid.discount) : 0;
}

/** What a card payment settles of the month's account: the money paid and the coupon's discount. */
export const cardCreditPoisha = (paid: CardPaymentTerms): number =>
  paid.amountPoisha + paymentDiscountPoisha(paid);

/**
 * Rent arithmetic in integer poisha (1 taka = 100 poisha), so no payment is ever a float.
 * The discount is a whole percentage; its poisha are rounded half up (x.5 poisha -> x+1), which is
 * exact for whole-taka rents (their discount is always a whole number of poisha).
 */
export interface RentPrice {
  rentPoisha: number;
  discount: number;
  discountPoisha: number;
  amountPoisha: number;
}

export const poishaPerTaka = 100;

export function takaToPoisha(taka: number): number {
  const poisha = Math.round(taka * poishaPerTaka);
  if (!Number.isSafeInteger(poisha) || poisha < 0) throw new RangeError(`bad taka amount ${taka}`);
  return poisha;
}

/** Poisha as taka for display and for the spec's `rent`/`payable` fields (two decimals at most). */
export const poishaToTaka = (poisha: number): number => poisha / poishaPerTaka;

/** round(rentPoisha * discount / 100), half up, in integers only. */
export function discountPoisha(rentPoisha: number, discount: number): number {
  if (!Number.isSafeInteger(rentPoisha) || rentPoisha < 0) throw new RangeError(`bad rent ${rentPoisha}`);
  if (!Number.isInteger(discount) || discount < 0 || discount > 100)
    throw new RangeError(`bad discount ${discount}`);
  return Math.floor((rentPoisha * discount + 50) / 100);
}

export function priceRent(rentPoisha: number, discount: number): RentPrice {
  const off = discountPoisha(rentPoisha, discount);
  return { rentPoisha, discount, discountPoisha: off, amountPoisha: rentPoisha - off };
}

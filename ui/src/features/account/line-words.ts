import type { TFunction } from 'i18next';
import { readChargeWording } from '@building/events/account/charge-names';
import { formatNumber } from '../../lib/format.ts';

/** A meter's reading in the reader's digits, its decimals kept. */
const reading = (figure: string) => formatNumber(Number(figure), figure.split('.')[1]?.length ?? 0);

/** A fixed wording, and what a person wrote after it (a charge's description, a reason) kept as written. */
const withNote = (words: string, note: string | undefined) => (note ? `${words}: ${note}` : words);

/**
 * The account's lines come worded by the server in English ('Deposit, 2 months of rent'); each
 * wording is said here in the reader's words. A wording not known here is shown as it came.
 */
const wordings: Array<[RegExp, (m: RegExpExecArray, t: TFunction) => string]> = [
  [/^Rent, apartment (.+)$/, (m, t) => t('account.rentLine', { apartment: m[1] })],
  [/^Charge cancelled: (.*)$/s, (m, t) => withNote(t('account.lines.chargeCancelled'), m[1])],
  [
    /^Late fee, (\d+(?:\.\d+)?)% of the unpaid rent$/,
    (m, t) =>
      t('account.lines.lateFee', { percent: formatNumber(Number(m[1]), m[1]!.includes('.') ? 2 : 0) }),
  ],
  [/^Paid by card \(coupon (.+)\)$/, (m, t) => t('account.lines.paidByCardWithCoupon', { code: m[1] })],
  [/^Paid by card$/, (_m, t) => t('account.lines.paidByCard')],
  [/^Refunded to the card$/, (_m, t) => t('account.lines.refundedToCard')],
  [/^Coupon discount withdrawn$/, (_m, t) => t('account.lines.couponWithdrawn')],
  [/^Payment received$/, (_m, t) => t('account.lines.paymentReceived')],
  [/^Payment reversed: (.*)$/s, (m, t) => withNote(t('account.lines.paymentReversed'), m[1])],
  [
    /^Deposit, (\d+) months of rent$/,
    (m, t) => t('account.lines.deposit', { months: formatNumber(Number(m[1])) }),
  ],
  [/^Deposit paid$/, (_m, t) => t('account.lines.depositPaid')],
  [/^Deposit released$/, (_m, t) => t('account.lines.depositReleased')],
  [/^Deposit deductions: (.*)$/s, (m, t) => withNote(t('account.lines.depositDeductions'), m[1])],
  [/^Deposit returned$/, (_m, t) => t('account.lines.depositReturned')],
];

export function lineWords(description: string, t: TFunction): string {
  for (const [pattern, say] of wordings) {
    const match = pattern.exec(description);
    if (match) return say(match, t);
  }
  // A charge: its kind named once (the scheduler's service charge names it as its description too),
  // a meter's bill in the reader's digits.
  const charge = readChargeWording(description);
  if (!charge) return description;
  const kind = t(`account.chargeKinds.${charge.kind}`);
  if (!charge.meter) return withNote(kind, charge.note);
  const { from, to, units } = charge.meter;
  return t('account.lines.meterBill', {
    utility: kind,
    from: reading(from),
    to: reading(to),
    units: reading(units),
  });
}

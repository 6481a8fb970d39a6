import type { PaidItem } from '../catalogue.ts';
import { cardCreditPoisha, paymentDiscountPoisha, paysRent, type CardPaymentTerms } from './card-credit.ts';

/**
 * What one apartment's month owes and what is left of it, the one rule the payment and charge
 * deciders, the rent ledger, the reminders and the audit read: the rent, each open charge and the
 * late fee are owed; a card payment settles what it itemises (a payment of rent alone, the rent),
 * a refund made at the provider opens its money again (on the rent), and money paid offline settles
 * the rest in order: the rent first, then the charges, then the late fee. A month is paid only when
 * all of it is.
 */
export interface MonthOwing {
  rentPoisha: number;
  /** The card payments that count now (see countingCardPayments). */
  card: readonly CardPaymentTerms[];
  /** What refunds made at the provider gave back of them. */
  cardRefundedPoisha: number;
  /** The open charges, oldest first. */
  charges: ReadonlyArray<{ chargeId: string; description: string; amountPoisha: number }>;
  lateFeePoisha: number;
  /** The offline payments that stand (not reversed). */
  offlinePoisha: number;
}

/** One thing the month owes, and what is left of it. */
export interface MonthDue {
  kind: PaidItem['kind'];
  chargeId?: string;
  description: string;
  owedPoisha: number;
  remainingPoisha: number;
}

export interface MonthDues {
  owedPoisha: number;
  paidPoisha: number;
  remainingPoisha: number;
  /** A card payment that counts paid the rent (its coupon was used: none applies to the rest). */
  rentPaidByCard: boolean;
  dues: MonthDue[];
}

export function monthDues(m: MonthOwing): MonthDues {
  const itemsOf = (kind: PaidItem['kind'], chargeId?: string) =>
    m.card
      .flatMap((p) => p.items ?? [])
      .filter((i) => i.kind === kind && i.chargeId === chargeId)
      .reduce((sum, i) => sum + i.amountPoisha, 0);
  const rentCredit =
    m.card
      .filter(paysRent)
      .reduce(
        (sum, p) =>
          sum +
          (p.items ? (p.items.find((i) => i.kind === 'rent')?.amountPoisha ?? 0) : p.amountPoisha) +
          paymentDiscountPoisha(p),
        0,
      ) - m.cardRefundedPoisha;
  const dues = [
    { kind: 'rent' as const, description: '', owedPoisha: m.rentPoisha, credit: rentCredit },
    ...m.charges.map((c) => ({
      kind: 'charge' as const,
      chargeId: c.chargeId,
      description: c.description,
      owedPoisha: c.amountPoisha,
      credit: itemsOf('charge', c.chargeId),
    })),
    ...(m.lateFeePoisha > 0
      ? [
          {
            kind: 'late-fee' as const,
            description: '',
            owedPoisha: m.lateFeePoisha,
            credit: itemsOf('late-fee'),
          },
        ]
      : []),
  ];
  let offline = m.offlinePoisha;
  const left = dues.map(({ credit, ...due }) => {
    const open = Math.max(0, due.owedPoisha - credit);
    const settled = Math.min(open, offline);
    offline -= settled;
    return { ...due, remainingPoisha: open - settled };
  });
  const owedPoisha = left.reduce((sum, d) => sum + d.owedPoisha, 0);
  const cardPoisha = m.card.reduce((sum, p) => sum + cardCreditPoisha(p), 0) - m.cardRefundedPoisha;
  return {
    owedPoisha,
    paidPoisha: cardPoisha + m.offlinePoisha,
    remainingPoisha: left.reduce((sum, d) => sum + d.remainingPoisha, 0),
    rentPaidByCard: m.card.some(paysRent),
    dues: left,
  };
}

/** What a card move needs: the payment's transaction and its money. */
interface CardMoney {
  transactionId: string;
  amountPoisha: number;
}

/** A card payment (by its transaction) or a refund made at the provider of one, in time order. */
export type CardMove<P extends CardMoney> =
  { payment: P } | { refund: { transactionId: string; amountPoisha: number } };

/**
 * The card payments that count now, folded in time order as the payment stream does: a refund takes
 * from what they cover, and once they cover nothing they count no more (the month is priced anew).
 */
export function countingCardPayments<P extends CardMoney>(
  moves: Iterable<CardMove<P>>,
): { payments: P[]; refundedPoisha: number } {
  let payments: P[] = [];
  let covered = 0;
  let refunded = 0;
  for (const move of moves) {
    if ('payment' in move) {
      if (payments.some((p) => p.transactionId === move.payment.transactionId)) continue;
      payments = [...payments, move.payment];
      covered += move.payment.amountPoisha;
    } else if (payments.some((p) => p.transactionId === move.refund.transactionId)) {
      covered -= move.refund.amountPoisha;
      refunded += move.refund.amountPoisha;
      if (covered <= 0) [payments, covered, refunded] = [[], 0, 0];
    }
  }
  return { payments, refundedPoisha: refunded };
}

import type { DomainEvent } from '../catalogue.ts';
import { cardCreditPoisha } from '../account/card-credit.ts';
import { settledMonthKey, unsettledMonth, type LedgerLease, type SettledMonth } from './lease-ledger.ts';

/**
 * The facts a ledger is computed from, folded straight from the log: every lease (by its request
 * id) and every month's money (by apartment and month: payments, refunds, charges, late fee,
 * offline payments, reminders). The reminder scheduler and the audit's
 * `state --at` fold this; the projector keeps the same facts as rows.
 */
export interface LedgerFacts {
  leases: Record<string, LedgerLease>;
  settled: Record<string, SettledMonth>;
}

export const noLedgerFacts = (): LedgerFacts => ({ leases: {}, settled: {} });

export const ledgerEventTypes = [
  'AgreementAccepted',
  'LeaseEnded',
  'RentPaid',
  'RentRefunded',
  'RentReminderIssued',
  'ChargeAdded',
  'ChargeCancelled',
  'LateFeeCharged',
  'OfflinePaymentRecorded',
  'PaymentReversed',
] as const;

/**
 * Folds one event into `facts` in place, and returns them (a fold owns its facts; reduce works).
 * The leases and months themselves are replaced, never changed. Copying both records per event, as
 * this did, made a fold of a long log quadratic (the scheduler folds the whole log when it starts).
 */
export function applyLedgerEvent(facts: LedgerFacts, event: DomainEvent): LedgerFacts {
  switch (event.type) {
    case 'AgreementAccepted': {
      const d = event.data;
      if (facts.leases[d.requestId]) return facts;
      facts.leases[d.requestId] = {
        leaseId: d.requestId,
        email: d.userEmail.toLowerCase(),
        name: d.userName,
        si: d.si,
        apartment: d.apartment,
        rentPoisha: d.rent * 100,
        startedAt: d.acceptedAt,
        endedAt: null,
      };
      return facts;
    }
    case 'LeaseEnded': {
      const email = event.data.userEmail.toLowerCase();
      const open = Object.values(facts.leases).find(
        (l) => l.si === event.data.si && l.email === email && l.endedAt === null,
      );
      if (open) facts.leases[open.leaseId] = { ...open, endedAt: event.data.endedAt };
      return facts;
    }
    case 'RentPaid': {
      const { amountPoisha, couponCode, paidAt, transactionId } = event.data;
      const payment = {
        amountPoisha,
        creditPoisha: cardCreditPoisha(event.data),
        couponCode,
        paidAt,
        transactionId,
      };
      return settle(facts, event.data, (m) =>
        m.payments.some((p) => p.transactionId === transactionId)
          ? m
          : { ...m, payments: [...m.payments, payment] },
      );
    }
    case 'RentRefunded': {
      // A refund made at the provider of a payment of the month (a second charge's never paid it).
      const { reason, paymentIntentId, amountPoisha, refundedAt } = event.data;
      if (reason !== 'provider-refund') return facts;
      return settle(facts, event.data, (m) =>
        m.payments.some((p) => p.transactionId === paymentIntentId)
          ? { ...m, refunds: [...m.refunds, { amountPoisha, refundedAt, transactionId: paymentIntentId }] }
          : m,
      );
    }
    case 'RentReminderIssued': {
      const { kind, issuedAt } = event.data;
      return settle(facts, event.data, (m) =>
        m.reminders[kind] ? m : { ...m, reminders: { ...m.reminders, [kind]: issuedAt } },
      );
    }
    case 'ChargeAdded': {
      const { chargeId, description, amountPoisha, addedAt } = event.data;
      return settle(facts, event.data, (m) =>
        m.charges.some((c) => c.chargeId === chargeId)
          ? m
          : {
              ...m,
              charges: [...m.charges, { chargeId, description, amountPoisha, addedAt, cancelledAt: null }],
            },
      );
    }
    case 'ChargeCancelled': {
      const { chargeId, cancelledAt } = event.data;
      return settle(facts, event.data, (m) => ({
        ...m,
        charges: m.charges.map((c) =>
          c.chargeId === chargeId && !c.cancelledAt ? { ...c, cancelledAt } : c,
        ),
      }));
    }
    case 'LateFeeCharged': {
      const { amountPoisha, chargedAt } = event.data;
      return settle(facts, event.data, (m) =>
        m.lateFees.length > 0 ? m : { ...m, lateFees: [{ amountPoisha, chargedAt }] },
      );
    }
    case 'OfflinePaymentRecorded': {
      const { paymentId, method, reference, amountPoisha, recordedAt } = event.data;
      const payment = { paymentId, method, reference, amountPoisha, recordedAt, reversedAt: null };
      return settle(facts, event.data, (m) =>
        m.offline.some((p) => p.paymentId === paymentId) ? m : { ...m, offline: [...m.offline, payment] },
      );
    }
    case 'PaymentReversed': {
      const { paymentId, reversedAt } = event.data;
      return settle(facts, event.data, (m) => ({
        ...m,
        offline: m.offline.map((p) =>
          p.paymentId === paymentId && !p.reversedAt ? { ...p, reversedAt } : p,
        ),
      }));
    }
    default:
      return facts;
  }
}

function settle(
  facts: LedgerFacts,
  at: Pick<SettledMonth, 'si' | 'year' | 'month'>,
  change: (month: SettledMonth) => SettledMonth,
): LedgerFacts {
  const key = settledMonthKey(at);
  facts.settled[key] = change(facts.settled[key] ?? unsettledMonth(at));
  return facts;
}

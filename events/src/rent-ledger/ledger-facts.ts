import type { DomainEvent } from '../catalogue.ts';
import { settledMonthKey, type LedgerLease, type SettledMonth } from './lease-ledger.ts';

/**
 * The facts a ledger is computed from, folded straight from the log: every lease (by its request
 * id) and every settled month (by apartment and month). The reminder scheduler and the audit's
 * `state --at` fold this; the projector keeps the same facts as rows.
 */
export interface LedgerFacts {
  leases: Readonly<Record<string, LedgerLease>>;
  settled: Readonly<Record<string, SettledMonth>>;
}

export const noLedgerFacts = (): LedgerFacts => ({ leases: {}, settled: {} });

export const ledgerEventTypes = [
  'AgreementAccepted',
  'LeaseEnded',
  'RentPaid',
  'RentReminderIssued',
] as const;

export function evolveLedgerFacts(facts: LedgerFacts, event: DomainEvent): LedgerFacts {
  switch (event.type) {
    case 'AgreementAccepted': {
      const d = event.data;
      if (facts.leases[d.requestId]) return facts;
      const lease: LedgerLease = {
        leaseId: d.requestId,
        email: d.userEmail.toLowerCase(),
        name: d.userName,
        si: d.si,
        apartment: d.apartment,
        rentPoisha: d.rent * 100,
        startedAt: d.acceptedAt,
        endedAt: null,
      };
      return { ...facts, leases: { ...facts.leases, [d.requestId]: lease } };
    }
    case 'LeaseEnded': {
      const email = event.data.userEmail.toLowerCase();
      const open = Object.values(facts.leases).find(
        (l) => l.si === event.data.si && l.email === email && l.endedAt === null,
      );
      if (!open) return facts;
      return {
        ...facts,
        leases: { ...facts.leases, [open.leaseId]: { ...open, endedAt: event.data.endedAt } },
      };
    }
    case 'RentPaid': {
      const { amountPoisha, couponCode, paidAt, transactionId } = event.data;
      return settle(facts, event.data, (m) =>
        m.paid ? m : { ...m, paid: { amountPoisha, couponCode, paidAt, transactionId } },
      );
    }
    case 'RentReminderIssued': {
      const { kind, issuedAt } = event.data;
      return settle(facts, event.data, (m) =>
        m.reminders[kind] ? m : { ...m, reminders: { ...m.reminders, [kind]: issuedAt } },
      );
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
  const { si, year, month } = at;
  const before = facts.settled[key] ?? {
    si,
    year,
    month,
    paid: null,
    reminders: { due: null, overdue: null },
  };
  return { ...facts, settled: { ...facts.settled, [key]: change(before) } };
}

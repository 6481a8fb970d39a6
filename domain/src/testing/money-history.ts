import type { DomainEvent } from '@building/events/catalogue';
import { chargeKinds, expenseCategories, monthNames, offlineMethods } from '@building/events/catalogue';
import { seededRandom } from './seeded-random.ts';

const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A generated history of the building's money: leases (some ended), every kind of money event with
 * random amounts, methods and dates through 2026, and undoings of earlier ones. Each event is valid
 * against the catalogue; histories are not meant to obey every business rule, only to exercise the
 * books with every shape of money event.
 */
export function moneyHistory(seed: number, size = 40): DomainEvent[] {
  const r = seededRandom(seed);
  const events: DomainEvent[] = [];
  let ids = seed * 10_000;
  const id = () => uuidOf(++ids);
  let clock = Date.parse('2026-01-01T00:00:00.000Z');
  const tick = () => new Date((clock += r.int(1, 72) * 3_600_000)).toISOString();
  const leases: Array<{ leaseId: string; si: number; email: string; rent: number }> = [];
  const charges: Array<Extract<DomainEvent, { type: 'ChargeAdded' }>['data']> = [];
  const payments: Array<Extract<DomainEvent, { type: 'OfflinePaymentRecorded' }>['data']> = [];
  const expenses: Array<Extract<DomainEvent, { type: 'ExpenseRecorded' }>['data']> = [];
  const admin = 'admin@building.test';
  const amount = () => r.int(1, 5_000_000);

  const lease = () => {
    const si = leases.length + 1;
    const l = { leaseId: id(), si, email: `resident${si}@building.test`, rent: r.int(5_000, 60_000) };
    leases.push(l);
    events.push({
      type: 'AgreementAccepted',
      data: {
        si,
        apartment: `A-${si}`,
        block: 'A',
        floor: 1,
        room: '2 bed',
        rent: l.rent,
        requestId: l.leaseId,
        userEmail: l.email,
        userName: `Resident ${si}`,
        acceptedAt: tick(),
      },
    });
    events.push({
      type: 'DepositOwed',
      data: {
        leaseId: l.leaseId,
        si,
        apartment: `A-${si}`,
        email: l.email,
        name: `Resident ${si}`,
        months: 2,
        amountPoisha: l.rent * 200,
        owedAt: tick(),
      },
    });
  };
  lease();
  // The first resident's balance when the books moved here (drawn from the seed, not the random,
  // so the rest of each history stays as it was).
  events.push({
    type: 'OpeningBalanceRecorded',
    data: {
      email: leases[0]!.email,
      kind: seed % 2 === 0 ? 'arrears' : 'credit',
      amountPoisha: 1 + ((seed * 7_919) % 5_000_000),
      asOf: '2025-12-31',
      note: 'brought forward',
      recordedAt: '2026-01-01T00:00:00.000Z',
    },
  });
  for (let i = 0; i < size; i++) {
    const l = r.pick(leases);
    const month = { si: l.si, month: r.pick(monthNames), year: 2026, email: l.email };
    const accountMonth = { ...month, apartment: `A-${l.si}`, name: 'Resident', leaseId: l.leaseId };
    const at = tick();
    switch (r.int(0, 12)) {
      case 0:
        lease();
        break;
      case 1: {
        const charge = {
          ...accountMonth,
          chargeId: id(),
          block: 'A',
          kind: r.pick(chargeKinds),
          amountPoisha: amount(),
          description: 'charge',
          origin: 'admin' as const,
          addedBy: admin,
          addedAt: at,
        };
        charges.push(charge);
        events.push({ type: 'ChargeAdded', data: charge });
        break;
      }
      case 2: {
        const charge = charges.pop();
        if (charge)
          events.push({
            type: 'ChargeCancelled',
            data: {
              ...month,
              si: charge.si,
              email: charge.email,
              chargeId: charge.chargeId,
              amountPoisha: charge.amountPoisha,
              ...(r.next() < 0.8 && { kind: charge.kind }),
              reason: 'wrong flat',
              cancelledBy: admin,
              cancelledAt: at,
            },
          });
        break;
      }
      case 3:
        events.push({
          type: 'LateFeeCharged',
          data: {
            ...accountMonth,
            percent: 5,
            unpaidRentPoisha: l.rent * 100,
            amountPoisha: l.rent * 5,
            chargedAt: at,
          },
        });
        break;
      case 4: {
        const discount = r.pick([0, 0, 10, 50]);
        const rentPoisha = l.rent * 100;
        const rentAfter = rentPoisha - Math.round((rentPoisha * discount) / 100);
        const itemised = r.next() < 0.5;
        const extra = amount();
        // An itemised payment may pay what the desk left of the rent, or a charge alone: told by the
        // charge's amount, so no draw is added and the histories' other events stay as they were.
        const shape = itemised ? extra % 4 : 2;
        const rentItem =
          shape === 0 ? null : shape === 1 ? rentAfter - Math.min(rentAfter, extra) : rentAfter;
        events.push({
          type: 'RentPaid',
          data: {
            si: l.si,
            apartment: `A-${l.si}`,
            block: 'A',
            floor: 1,
            room: '2 bed',
            rent: l.rent,
            paymentIntentId: `pi_${ids}`,
            transactionId: `pi_${ids}`,
            month: month.month,
            year: 2026,
            email: l.email,
            name: 'Resident',
            rentPoisha,
            discount,
            couponCode: discount ? 'SAVE' : null,
            amountPoisha: itemised ? (rentItem ?? 0) + extra : rentAfter,
            ...(itemised && {
              items: [
                ...(rentItem === null
                  ? []
                  : [{ kind: 'rent' as const, description: 'rent', amountPoisha: rentItem }]),
                { kind: 'charge' as const, chargeId: id(), description: 'service', amountPoisha: extra },
              ],
            }),
            paidAt: at,
          },
        });
        break;
      }
      case 5: {
        const back = amount();
        const reason = r.pick(['duplicate-charge', 'provider-refund'] as const);
        // Some refunds in full give a coupon's discount back with them: told by the amount, no draw added.
        const discountPoisha = reason === 'provider-refund' && back % 2 === 0 ? Math.ceil(back / 10) : 0;
        events.push({
          type: 'RentRefunded',
          data: {
            ...month,
            paymentIntentId: `pi_${ids}`,
            refundId: `re_${ids}`,
            amountPoisha: back,
            reason,
            coveredPoisha: 0,
            ...(discountPoisha > 0 ? { discountPoisha } : {}),
            refundedAt: at,
          },
        });
        break;
      }
      case 6: {
        const payment = {
          ...accountMonth,
          paymentId: id(),
          method: r.pick(offlineMethods),
          reference: `R${ids}`,
          amountPoisha: amount(),
          recordedBy: admin,
          recordedAt: at,
        };
        payments.push(payment);
        events.push({ type: 'OfflinePaymentRecorded', data: payment });
        break;
      }
      case 7: {
        const payment = payments.pop();
        if (payment)
          events.push({
            type: 'PaymentReversed',
            data: {
              si: payment.si,
              month: payment.month,
              year: payment.year,
              email: payment.email,
              paymentId: payment.paymentId,
              amountPoisha: payment.amountPoisha,
              ...(r.next() < 0.8 && { method: payment.method }),
              reason: 'recorded twice',
              reversedBy: admin,
              reversedAt: at,
            },
          });
        break;
      }
      case 8:
        events.push({
          type: 'DepositPaid',
          data: {
            leaseId: l.leaseId,
            si: l.si,
            email: l.email,
            paymentId: id(),
            method: r.pick(['card', ...offlineMethods] as const),
            reference: `D${ids}`,
            amountPoisha: l.rent * 200,
            recordedBy: admin,
            paidAt: at,
          },
        });
        break;
      case 9: {
        const held = l.rent * 200;
        const kept = r.int(0, held);
        events.push({
          type: 'DepositSettled',
          data: {
            leaseId: l.leaseId,
            si: l.si,
            email: l.email,
            name: 'Resident',
            owedPoisha: held,
            heldPoisha: held,
            deductions: kept > 0 ? [{ reason: 'broken window', amountPoisha: kept }] : [],
            returnedPoisha: held - kept,
            method: r.pick(['card', ...offlineMethods] as const),
            reference: `S${ids}`,
            settledBy: admin,
            settledAt: at,
          },
        });
        break;
      }
      case 10:
      case 11: {
        const expense = {
          expenseId: id(),
          date: at.slice(0, 10),
          category: r.pick(expenseCategories),
          vendor: 'Vendor',
          amountPoisha: amount(),
          description: '',
          receipt: null,
          paidFrom: r.pick(offlineMethods),
          recurringId: null,
          recordedBy: admin,
          recordedAt: at,
        };
        expenses.push(expense);
        events.push({ type: 'ExpenseRecorded', data: expense });
        break;
      }
      default: {
        const expense = expenses.pop();
        if (expense)
          events.push({
            type: 'ExpenseReversed',
            data: {
              expenseId: expense.expenseId,
              date: expense.date,
              category: expense.category,
              amountPoisha: expense.amountPoisha,
              paidFrom: expense.paidFrom,
              reason: 'entered twice',
              reversedBy: admin,
              reversedAt: at,
            },
          });
        else {
          const ended = r.pick(leases);
          events.push({
            type: 'LeaseEnded',
            data: { si: ended.si, userEmail: ended.email, endedAt: at, reason: 'member-demoted' },
          });
        }
      }
    }
  }
  return events;
}

import { describe, expect, it } from 'vitest';
import { eventTypes, type DomainEvent } from '@building/events/catalogue';
import { trialBalanceOf } from '@building/events/books/trial-balance';
import { moneyHistory } from '../testing/money-history.ts';
import { seededRandom } from '../testing/seeded-random.ts';
import { journalAt } from './journal.ts';
import { isMoneyEventType, moneyEventTypes, notMoneyEvents } from './money-events.ts';
import { postingOf, type JournalLine } from './posting.ts';

const sides = (lines: JournalLine[]) =>
  lines.reduce((s, l) => ({ debit: s.debit + l.debitPoisha, credit: s.credit + l.creditPoisha }), {
    debit: 0,
    credit: 0,
  });
const withIds = (events: DomainEvent[]) =>
  events.map((e, i) => ({ ...e, id: `e${String(i).padStart(5, '0')}` }));
const histories = Array.from({ length: 1_000 }, (_, seed) => moneyHistory(seed + 1));
/** The first card payment of the rent alone with a 10% coupon in the generated histories. */
const couponCardPayment = () =>
  histories
    .flat()
    .find(
      (e): e is Extract<DomainEvent, { type: 'RentPaid' }> =>
        e.type === 'RentPaid' && e.data.discount === 10 && !e.data.items,
    )!;

describe('the posting function', { timeout: 30_000 }, () => {
  it('knows every event type of the catalogue: money that posts, or why it does not', () => {
    const classified = [...moneyEventTypes, ...Object.keys(notMoneyEvents)];
    expect(classified.sort()).toEqual([...eventTypes].sort());
    expect(new Set(classified).size).toBe(classified.length);
  });

  it.each(moneyEventTypes)('posts %s as balanced lines', (type) => {
    const samples = histories.flat().filter((e) => e.type === type);
    expect(samples.length, `the generated histories hold ${type}`).toBeGreaterThan(0);
    const posted = samples.map((e) => postingOf(e)!.lines);
    expect(posted.some((lines) => lines.length >= 2)).toBe(true);
    for (const lines of posted) {
      const { debit, credit } = sides(lines);
      expect(debit).toBe(credit);
      for (const l of lines) expect(l.debitPoisha === 0 || l.creditPoisha === 0).toBe(true);
    }
  });

  it('posts nothing for an event that moves no money', () => {
    for (const event of histories[0]!.filter((e) => !isMoneyEventType(e.type)))
      expect(postingOf(event)).toBeNull();
  });

  it("brings a resident's opening balance forward against equity, as of its day", () => {
    const opening = (kind: 'arrears' | 'credit') => ({
      type: 'OpeningBalanceRecorded' as const,
      data: {
        email: 'Mina@building.test',
        kind,
        amountPoisha: 1_250_050,
        asOf: '2026-10-31',
        note: '',
        recordedAt: '2026-11-02T08:00:00.000Z',
      },
    });
    const owed = postingOf(opening('arrears'))!;
    expect(owed.at).toBe('2026-10-30T18:00:00.000Z');
    expect(owed.lines).toEqual([
      { account: 'receivable:mina@building.test', debitPoisha: 1_250_050, creditPoisha: 0 },
      { account: 'opening-balances', debitPoisha: 0, creditPoisha: 1_250_050 },
    ]);
    expect(postingOf(opening('credit'))!.lines).toEqual([
      { account: 'opening-balances', debitPoisha: 1_250_050, creditPoisha: 0 },
      { account: 'receivable:mina@building.test', debitPoisha: 0, creditPoisha: 1_250_050 },
    ]);
  });

  it('bills the rent in full and gives a coupon back against it; a card payment lands in clearing', () => {
    const paid = couponCardPayment();
    const receivable = `receivable:${paid.data.email}`;
    expect(postingOf(paid)!.lines).toEqual([
      { account: 'card-clearing', debitPoisha: paid.data.amountPoisha, creditPoisha: 0 },
      { account: receivable, debitPoisha: 0, creditPoisha: paid.data.amountPoisha },
      { account: 'income:rent-discounts', debitPoisha: paid.data.rentPoisha / 10, creditPoisha: 0 },
      { account: receivable, debitPoisha: 0, creditPoisha: paid.data.rentPoisha / 10 },
    ]);
  });

  it("gives the coupon's whole discount back on an itemised payment of the rent, none on one of charges alone", () => {
    const itemised = histories
      .flat()
      .filter(
        (e): e is Extract<DomainEvent, { type: 'RentPaid' }> => e.type === 'RentPaid' && !!e.data.items,
      );
    const rentAfter = (d: (typeof itemised)[number]['data']) =>
      d.rentPoisha - (d.rentPoisha * d.discount) / 100;
    const discounts = (e: (typeof itemised)[number]) =>
      postingOf(e)!
        .lines.filter((l) => l.account === 'income:rent-discounts')
        .map((l) => l.debitPoisha);
    // What the desk had paid of the rent before does not shrink the discount.
    const afterDesk = itemised.find(
      (e) =>
        e.data.discount === 10 &&
        e.data.items!.some((i) => i.kind === 'rent' && i.amountPoisha < rentAfter(e.data)),
    )!;
    expect(discounts(afterDesk)).toEqual([afterDesk.data.rentPoisha / 10]);
    const chargesAlone = itemised.find(
      (e) => e.data.discount === 10 && !e.data.items!.some((i) => i.kind === 'rent'),
    )!;
    expect(discounts(chargesAlone)).toEqual([]);
    expect(sides(postingOf(chargesAlone)!.lines).debit).toBe(chargesAlone.data.amountPoisha);
  });

  it('takes a coupon payment refunded in full back whole: the receivable owes again what it did, the discount too', () => {
    const paid = couponCardPayment();
    const d = paid.data;
    const refunded: DomainEvent = {
      type: 'RentRefunded',
      data: {
        ...{
          paymentIntentId: d.paymentIntentId,
          refundId: 're_whole',
          si: d.si,
          month: d.month,
          year: d.year,
        },
        email: d.email,
        amountPoisha: d.amountPoisha,
        reason: 'provider-refund',
        coveredPoisha: 0,
        discountPoisha: d.rentPoisha - d.amountPoisha,
        refundedAt: d.paidAt,
      },
    };
    const balance = trialBalanceOf([paid, refunded].flatMap((e) => postingOf(e)!.lines));
    // Paid and given back: every account is where it stood before the payment.
    expect(balance.accounts.filter((a) => a.balance !== 0)).toEqual([]);
    expect(balance.totalDebit).toBe(balance.totalCredit);
  });

  it('dates an expense by its Dhaka day, paid out of the account named; its reversal mirrors it', () => {
    const recorded: DomainEvent = {
      type: 'ExpenseRecorded',
      data: {
        expenseId: '00000000-0000-4000-8000-000000000001',
        date: '2026-11-20',
        category: 'salaries',
        vendor: 'Guards',
        amountPoisha: 2_400_000,
        description: '',
        receipt: null,
        paidFrom: 'bank',
        recurringId: null,
        recordedBy: 'scheduler',
        recordedAt: '2026-11-21T04:00:00.000Z',
      },
    };
    expect(postingOf(recorded)).toEqual({
      at: '2026-11-19T18:00:00.000Z',
      memo: 'salaries: Guards',
      lines: [
        { account: 'expense:salaries', debitPoisha: 2_400_000, creditPoisha: 0 },
        { account: 'bank', debitPoisha: 0, creditPoisha: 2_400_000 },
      ],
    });
  });
});

// A thousand histories take seconds on a busy machine: the property tests get a minute.
describe('property: over 1,000 generated histories', { timeout: 60_000 }, () => {
  it('debits equal credits, entry by entry and in the trial balance at any moment', () => {
    const r = seededRandom(29);
    for (const history of histories) {
      const at = new Date(Date.parse('2026-01-01T00:00:00Z') + r.int(0, 400) * 86_400_000);
      const journal = journalAt(withIds(history), at);
      for (const entry of journal) {
        const { debit, credit } = sides(entry.lines);
        expect(debit, entry.memo).toBe(credit);
      }
      const balance = trialBalanceOf(journal.flatMap((e) => e.lines));
      expect(balance.totalDebit).toBe(balance.totalCredit);
      const net = balance.accounts.reduce((sum, a) => sum + Math.round(a.balance * 100), 0);
      expect(net).toBe(0);
    }
  });

  it('a later moment only adds entries: the journal at a date is a prefix of the whole', () => {
    for (const history of histories.slice(0, 200)) {
      const events = withIds(history);
      const later = journalAt(events, new Date('2027-06-01T00:00:00Z'));
      const at = new Date('2026-06-01T00:00:00Z');
      expect(journalAt(events, at)).toEqual(later.filter((e) => new Date(e.at) <= at));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { accountAt } from '@building/events/account/account-at';
import type { StoredAccountLine } from '@building/events/read-models/account';
import { depositsOf, monthOwing, monthsOf } from './month-owing.ts';

const lease = {
  leaseId: '11111111-1111-4111-8111-111111111111',
  email: 'mina@example.com',
  name: 'Mina',
  si: 4,
  apartment: '1A04',
  rentPoisha: 1_000_000,
  startedAt: '2026-03-01T04:00:00.000Z',
  endedAt: '2026-04-20T04:00:00.000Z',
};
let n = 0;
const line = (
  kind: StoredAccountLine['kind'],
  debit: number,
  credit: number,
  over: Partial<StoredAccountLine> = {},
) => ({
  id: `line-${(n += 1)}`,
  si: 4,
  year: 2026,
  month: 'March' as const,
  kind,
  description: kind,
  debitPoisha: debit,
  creditPoisha: credit,
  method: null,
  reference: null,
  refId: null,
  date: `2026-03-0${Math.min(9, n + 1)}T04:00:00.000Z`,
  ...over,
});
const deposit = { year: null, month: null, refId: lease.leaseId };

describe("a month's and a deposit's money from the account's lines", () => {
  const stored = [
    line('charge', 45_050, 0, { refId: 'c1' }),
    line('charge', 10_000, 0, { refId: 'c2' }),
    line('charge-cancelled', 0, 10_000, { refId: 'c2' }),
    line('late-fee', 50_000, 0),
    line('payment', 0, 300_000, { refId: 'p1', method: 'bkash', reference: 'TXN1' }),
    line('payment', 0, 200_000, { refId: 'p2', method: 'cash', reference: 'R-2' }),
    line('payment-reversed', 200_000, 0, { refId: 'p2' }),
    line('deposit', 2_000_000, 0, deposit),
    line('deposit-payment', 0, 2_000_000, { ...deposit, method: 'card', reference: 'pi_1' }),
    line('deposit-release', 0, 2_000_000, { ...deposit, date: '2026-04-21T04:00:00.000Z' }),
    line('deposit-deduction', 300_000, 0, { ...deposit, date: '2026-04-21T04:00:00.001Z' }),
    line('deposit-return', 1_700_000, 0, {
      ...deposit,
      method: 'cash',
      reference: 'RET-1',
      date: '2026-04-21T04:00:00.002Z',
    }),
  ];
  const account = accountAt(lease.email, [lease], stored, new Date('2026-04-25T00:00:00Z'));

  it('sums the month: rent, charges less the cancelled, the late fee, payments less the reversed', () => {
    const march = monthOwing(account.lines, 4, { month: 'March', year: 2026 });
    expect(march).toMatchObject({
      rent: 10_000,
      charges: 450.5,
      lateFee: 500,
      owed: 10_950.5,
      paid: 3_000,
      remaining: 7_950.5,
    });
    expect(march.payments.map((p) => [p.id, p.reversed])).toEqual([
      ['p1', false],
      ['p2', true],
    ]);
    // The same totals as the server's months.
    const server = account.months.find((m) => m.month === 'March')!;
    expect([server.owed, server.paid]).toEqual([march.owed, march.paid]);
    expect(monthsOf(account.months, 4)).toEqual([
      { month: 'April', year: 2026, open: true },
      { month: 'March', year: 2026, open: true },
    ]);
  });

  it('tells a deposit settled: what was owed, paid, kept and returned, and how', () => {
    expect(depositsOf(account.lines)).toEqual([
      {
        si: 4,
        owed: 20_000,
        paid: 20_000,
        remaining: 0,
        settled: true,
        kept: 3_000,
        returned: 17_000,
        returnMethod: 'cash',
        returnReference: 'RET-1',
      },
    ]);
  });
});

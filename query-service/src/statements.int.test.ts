import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';
import { pdfPageText } from '@building/infra/receipts/pdf-text';
import { missing } from '@building/infra/testing/infra-availability';
import { createQueryHarness, type QueryHarness } from './testing/query-harness.ts';

const admin = { as: people.admin.email };
const cents = (taka: number) => Math.round(taka * 100);

describe.skipIf(missing('postgres'))('GET /statements', () => {
  let q: QueryHarness;

  beforeAll(async () => {
    q = await createQueryHarness('statement_routes');
    await scriptedBuilding(q.history);
    const entry = { vendor: 'Karim Plumbing', description: '', receipt: null, paidFrom: 'cash' as const };
    await q.history.recordExpense({
      ...entry,
      date: '2026-01-02',
      category: 'repairs',
      amountPoisha: 350_050,
    });
    await q.history.recordExpense({
      ...entry,
      date: '2026-01-03',
      category: 'salaries',
      amountPoisha: 2_400_000,
    });
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it("answers the month's statement as the trial balance moves, with the 12 months ending with it", async () => {
    const reply = await q.get('/statements/monthly?year=2026&month=1', admin);
    expect(reply.status).toBe(200);
    const s = reply.body;
    const tb = (await q.get('/trial-balance?at=2026-01-31', admin)).body;
    const balance = (name: string) =>
      cents(tb.accounts.find((a: { account: string }) => a.account === name)?.balance ?? 0);
    const kind = (k: string) => cents(s.income.byKind.find((i: { kind: string }) => i.kind === k).amount);
    expect(kind('rent')).toBe(-balance('income:rent'));
    expect(kind('rent-discounts')).toBe(-balance('income:rent-discounts'));
    expect(kind('rent')).toBeGreaterThan(0);
    const category = (c: string) =>
      s.expenses.byCategory.find((e: { category: string }) => e.category === c).amount;
    expect([category('repairs'), category('salaries'), s.expenses.total]).toEqual([3500.5, 24_000, 27_500.5]);
    expect(cents(s.net)).toBe(cents(s.income.total) - cents(s.expenses.total));
    const owed = tb.accounts
      .filter((a: { account: string }) => a.account.startsWith('receivable:'))
      .reduce((sum: number, a: { balance: number }) => sum + cents(a.balance), 0);
    expect(cents(s.receivables)).toBe(owed);
    expect(cents(s.depositsHeld)).toBe(-balance('deposits-held'));
    expect(cents(s.collected)).toBe(balance('card-clearing'));
    expect(s.collectionRate).toBeCloseTo(s.collected / s.billed, 4);
    expect(s.trend.map((m: { month: string }) => m.month)).toEqual([
      ...['2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07'],
      ...['2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01'],
    ]);
    expect(s.trend.at(-1)).toEqual({
      month: '2026-01',
      income: s.income.total,
      expenses: 27_500.5,
      net: s.net,
      collectionRate: s.collectionRate,
    });
  });

  it('downloads it as CSV (RFC 4180, two decimals) and as a one-page PDF, in English and Bangla', async () => {
    const csv = await q.get('/statements/monthly?year=2026&month=1&format=csv', admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="statement-2026-01.csv"');
    const rows = (csv.body as string).split('\r\n');
    expect(rows[0]).toBe('Month,Section,Item,Amount (BDT)');
    expect(rows).toContain('2026-01,Expenses,Repairs,3500.50');
    expect(rows).toContain('2026-01,Expenses,Total,27500.50');
    expect(rows.at(-1)).toBe('');
    const bangla = await q.get('/statements/monthly?year=2026&month=1&format=csv&lang=bn', admin);
    expect(bangla.body.split('\r\n')).toContain('2026-01,খরচ,মেরামত,3500.50');

    // Bangla comes out of the PDF as drawn (a vowel sign before its consonant): words without one.
    for (const [lang, words] of [
      ['en', ['Monthly statement: January 2026', 'Repairs', '৳ 3,500.5']],
      ['bn', ['আয়', 'ভাড়া', '৩,৫০০.৫']],
    ] as const) {
      const reply = await fetch(`${q.url}/statements/monthly.pdf?year=2026&month=1&lang=${lang}`, {
        headers: { Authorization: `Bearer ${await q.tokenFor(people.admin.email)}` },
      });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await reply.arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
      const text = pdfPageText(pdf);
      for (const word of words) expect(text, lang).toContain(word);
    }
  });

  it('sums the year from its months', async () => {
    const reply = await q.get('/statements/yearly?year=2026', admin);
    expect(reply.status).toBe(200);
    expect(reply.body.months).toHaveLength(12);
    const sum = reply.body.months.reduce((s: number, m: { net: number }) => s + cents(m.net), 0);
    expect(cents(reply.body.total.net)).toBe(sum);
    expect(reply.body.total.expenses.total).toBe(27_500.5);
  });

  it('answers admins only, and 400 naming the field for a bad year, month, format or language', async () => {
    expect((await q.get('/statements/monthly?year=2026&month=1', { as: people.alice.email })).status).toBe(
      403,
    );
    expect((await q.get('/statements/monthly.pdf?year=2026&month=1')).status).toBe(401);
    for (const bad of [
      '/statements/monthly?month=1',
      '/statements/monthly?year=2026&month=13',
      '/statements/monthly?year=1999&month=1',
      '/statements/monthly?year=2026&month=jan',
      '/statements/monthly?year=2026&month=1&format=xml',
      '/statements/monthly.pdf?year=2026&month=1&lang=fr',
      '/statements/yearly?year=20266',
    ]) {
      const reply = await q.get(bad, admin);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.type, bad).toMatch(/invalid-input$/);
    }
  });
});

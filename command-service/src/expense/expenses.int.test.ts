import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@building/events/streams';
import { imageForm } from '../testing/sample-images.ts';
import { adminEmail, freshEmail, startTestService, type TestService } from '../testing/test-service.ts';

/** Expenses over HTTP: recorded with a receipt photo, refused when wrong, reversed once. */
let t: TestService;
let admin: string;
beforeAll(async () => {
  t = await startTestService({ clock: () => new Date('2026-11-26T10:00:00.000Z') });
  admin = await t.register(adminEmail, 'Admin');
});
afterAll(() => t.close());

const body = {
  date: '2026-11-20',
  category: 'repairs',
  vendor: 'Karim Plumbing',
  amount: '3500.50',
  description: 'Roof tank valve',
};

describe('POST /expenses', () => {
  it('records an expense with a photo of its receipt, in poisha', async () => {
    const upload = await t.call('POST', '/images', { token: admin, raw: imageForm() });
    const receipt = upload.body.data.display_url as string;
    const reply = await t.call('POST', '/expenses', { token: admin, body: { ...body, receipt } });
    expect(reply.status).toBe(200);
    const [recorded] = await t.store.readStream(streams.expense(reply.body.insertedId as string));
    expect(recorded).toMatchObject({
      type: 'ExpenseRecorded',
      actor: { email: adminEmail, role: 'admin' },
      data: { amountPoisha: 350_050, receipt, paidFrom: 'cash', recurringId: null, recordedBy: adminEmail },
    });
  });

  it.each([
    ['a date in the future', { date: '2026-11-27' }, 400, 'expense-date-in-future', 'date'],
    ['no such date', { date: '2026-02-30' }, 400, 'invalid-input', 'date'],
    ['an amount of 0', { amount: 0 }, 400, 'invalid-input', 'amount'],
    ['a negative amount', { amount: -5 }, 400, 'invalid-input', 'amount'],
    ['more than 2 decimals', { amount: '10.005' }, 400, 'invalid-input', 'amount'],
    ['an unknown category', { category: 'parties' }, 400, 'invalid-input', 'category'],
    ['a receipt from elsewhere', { receipt: 'https://evil.test/x.png' }, 400, 'invalid-input', 'receipt'],
  ])('refuses %s, storing nothing', async (_what, change, status, code, field) => {
    const before = await t.store.lastPosition();
    const reply = await t.call('POST', '/expenses', { token: admin, body: { ...body, ...change } });
    expect(reply.status).toBe(status);
    expect(reply.body.type).toBe(`/problems/${code}`);
    expect(JSON.stringify(reply.body.errors)).toContain(field);
    expect(await t.store.lastPosition()).toBe(before);
  });

  it("refuses another person's upload as a receipt", async () => {
    const other = await t.register(freshEmail('uploader'));
    const upload = await t.call('POST', '/images', { token: other, raw: imageForm() });
    const receipt = upload.body.data.display_url as string;
    const reply = await t.call('POST', '/expenses', { token: admin, body: { ...body, receipt } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ field: 'receipt.0', message: 'no such upload of yours' }]);
  });
});

describe('POST /expenses/:id/reverse', () => {
  it('reverses an expense once; a reversal of a reversal is refused', async () => {
    const recorded = await t.call('POST', '/expenses', { token: admin, body });
    const path = `/expenses/${recorded.body.insertedId as string}/reverse`;
    expect(await t.call('POST', path, { token: admin, body: { reason: 'Entered twice' } })).toMatchObject({
      status: 200,
      body: { modifiedCount: 1 },
    });
    const again = await t.call('POST', path, { token: admin, body: { reason: 'Again' } });
    expect(again.status).toBe(409);
    expect(again.body.type).toBe('/problems/expense-already-reversed');
    const unknown = `/expenses/${crypto.randomUUID()}/reverse`;
    expect((await t.call('POST', unknown, { token: admin, body: { reason: 'x' } })).status).toBe(404);
    expect((await t.call('POST', path, { token: admin, body: {} })).status).toBe(400);
  });
});

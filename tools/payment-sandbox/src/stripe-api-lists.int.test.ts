import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSdk } from './testing/sandbox-sdk.ts';
import { startPaymentSandbox, type RunningPaymentSandbox } from './start-payment-sandbox.ts';
import { sandboxApiVersion } from './stripe-event.ts';

let sandbox: RunningPaymentSandbox;
let stripe: Stripe;
let now = new Date('2026-05-01T00:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

beforeAll(async () => {
  sandbox = await startPaymentSandbox({ port: 0, now: () => now });
  stripe = sandboxSdk(sandbox.url);
});
afterAll(async () => {
  await sandbox.stop();
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${sandbox.url}${path}`, {
    ...init,
    headers: { authorization: 'Bearer sk_test_sandbox', ...(init.headers as Record<string, string>) },
  });

describe("the sandbox's lists, versions and idempotency, as Stripe's", () => {
  const ids: string[] = [];
  const times: number[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      now = new Date(Date.parse('2026-05-01T00:00:00Z') + i * 60_000);
      times.push(seconds(now));
      ids.push((await stripe.paymentIntents.create({ amount: 100 + i, currency: 'bdt' })).id);
    }
  });

  it('lists payment intents newest first, in pages, and by creation time', async () => {
    const first = await stripe.paymentIntents.list({ limit: 2 });
    expect(first.data.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    expect(first.has_more).toBe(true);
    const next = await stripe.paymentIntents.list({ limit: 2, starting_after: ids[3] });
    expect(next.data.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const back = await stripe.paymentIntents.list({ limit: 2, ending_before: ids[2] });
    expect(back.data.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    const window = await stripe.paymentIntents.list({ created: { gte: times[1], lt: times[3] } });
    expect(window.data.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect((await stripe.paymentIntents.list({ created: times[0] })).data.map((i) => i.id)).toEqual([ids[0]]);
    // The SDK's auto-pagination walks every page with starting_after.
    const all: string[] = [];
    for await (const intent of stripe.paymentIntents.list({ limit: 2 })) all.push(intent.id);
    expect(all.slice(0, 5)).toEqual([...ids].reverse());
    await expect(stripe.paymentIntents.list({ starting_after: 'pi_nope' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'starting_after',
    });
  });

  it('filters events with starting_after and created', async () => {
    const created = await stripe.events.list({ type: 'payment_intent.created', limit: 100 });
    expect(created.data.map((e) => (e.data.object as { id: string }).id)).toEqual([...ids].reverse());
    const after = await stripe.events.list({
      type: 'payment_intent.created',
      starting_after: created.data[1]!.id,
    });
    expect(after.data.map((e) => e.id)).toEqual(created.data.slice(2).map((e) => e.id));
    const since = await stripe.events.list({ type: 'payment_intent.created', created: { gt: times[2] } });
    expect(since.data.map((e) => e.id)).toEqual(created.data.slice(0, 2).map((e) => e.id));
  });

  it('answers with the Stripe-Version asked for, its own by default, and refuses a malformed one', async () => {
    expect((await api('/v1/events')).headers.get('stripe-version')).toBe(sandboxApiVersion);
    const pinned = await api('/v1/events', { headers: { 'stripe-version': '2025-01-27.acacia' } });
    expect(pinned.headers.get('stripe-version')).toBe('2025-01-27.acacia');
    const bad = await api('/v1/events', { headers: { 'stripe-version': 'latest please' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { param: string } }).error.param).toBe('Stripe-Version');
  });

  it('replays an error the request ran into, but not a refusal of its parameters', async () => {
    const paid = await stripe.paymentIntents.create({ amount: 500, currency: 'bdt' });
    await stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' });
    const cancel = () =>
      api(`/v1/payment_intents/${paid.id}/cancel`, {
        method: 'POST',
        headers: { 'idempotency-key': 'cancel-1' },
      });
    const first = await cancel();
    expect(first.status).toBe(400);
    const again = await cancel();
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());

    const create = (body: string) =>
      api('/v1/payment_intents', {
        method: 'POST',
        headers: { 'idempotency-key': 'create-1', 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await create('currency=bdt')).status).toBe(400); // amount missing: never ran
    const fixed = await create('currency=bdt&amount=700');
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });
});

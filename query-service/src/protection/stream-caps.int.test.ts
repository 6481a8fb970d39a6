import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { createQueryHarness, type QueryHarness } from '../testing/query-harness.ts';

/** Behind one trusted proxy, X-Forwarded-For plays the client's address. */
describe.skipIf(missing('postgres'))('live-update stream caps', () => {
  let q: QueryHarness;
  const open: Array<AbortController> = [];
  beforeAll(async () => {
    q = await createQueryHarness('stream_caps', {
      streamCaps: { perAddress: 3, inTotal: 5 },
      trustProxyHops: 1,
    });
  });
  afterAll(async () => {
    for (const controller of open) controller.abort();
    await q?.close();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const stream = async (address: string, path = '/events/stream') => {
    const controller = new AbortController();
    const response = await fetch(`${q.url}${path}`, {
      headers: from(address),
      signal: controller.signal,
    });
    if (response.status === 200) open.push(controller);
    else await response.body?.cancel();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), controller };
  };

  it('caps live-update streams per address and in total with 429, and reads go on meanwhile', async () => {
    const a = [await stream('10.0.0.1'), await stream('10.0.0.1'), await stream('10.0.0.1')];
    expect(a.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await stream('10.0.0.1');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await q.get('/apartment', { headers: from('10.0.0.1') })).status).toBe(200);

    expect((await stream('10.0.0.2')).status).toBe(200);
    expect((await stream('10.0.0.3')).status).toBe(200);
    expect((await stream('10.0.0.4')).status).toBe(429); // 5 open in all
    expect((await q.get('/apartment', { headers: from('10.0.0.4') })).status).toBe(200);

    // A closed stream gives its slot back.
    a[0]!.controller.abort();
    await expect.poll(async () => (await stream('10.0.0.4')).status).toBe(200);
  });

  it('counts every path the router takes for the stream: case and a trailing slash do not escape the cap', async () => {
    for (const controller of open.splice(0)) controller.abort();
    const variants = ['/EVENTS/stream', '/events/stream/', '/Events/Stream', '/events/STREAM/'];
    const address = '10.0.9.1';
    // Wait for the first test's slots to come back (each stream opened here is one of the address's 3).
    await expect.poll(async () => (await stream('10.0.9.9')).status).toBe(200);
    const opened = [];
    for (const path of [...variants, ...variants]) opened.push((await stream(address, path)).status);
    // Each variant is the stream (200 while slots last), and the fourth onwards are refused.
    expect(opened).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });
});

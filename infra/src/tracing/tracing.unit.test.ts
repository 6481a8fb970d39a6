import { afterEach, describe, expect, it } from 'vitest';
import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { DomainError } from '@building/events/domain-error';
import type { Context } from 'koa';
import { inSpan, startTracing, traceMetadata } from './tracing.ts';
import { traceRequests } from './trace-requests.ts';

describe('spans', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: { stop(): Promise<void> } | undefined;
  afterEach(async () => {
    await tracing?.stop();
    exporter.reset();
  });

  it('marks our failures as errors with the exception, and a refusal only with its code', async () => {
    tracing = startTracing('test', { exporter, env: { TRACE_COMMANDS_RATIO: '1' } });
    const refused = inSpan('command AddCoupon', async () => {
      throw new DomainError('coupon-code-taken', 'taken');
    });
    await expect(refused).rejects.toThrow('taken');
    await expect(
      inSpan('command AddCoupon', async () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow();
    const [refusal, failure] = exporter.getFinishedSpans();
    expect(refusal!.status.code).toBe(SpanStatusCode.UNSET);
    expect(refusal!.attributes['refusal.code']).toBe('coupon-code-taken');
    expect(refusal!.events).toEqual([]);
    expect(failure!.status).toMatchObject({ code: SpanStatusCode.ERROR, message: 'db down' });
    expect(failure!.events.map((e) => e.name)).toEqual(['exception']);
  });
});

describe('which traces are kept', () => {
  // A stopped provider shuts its exporter down: each start gets one of its own.
  let exporter = new InMemorySpanExporter();
  let tracing: { stop(): Promise<void> } | undefined;
  const start = async (env: Record<string, string>) => {
    await tracing?.stop();
    exporter = new InMemorySpanExporter();
    tracing = startTracing('test', { exporter, env });
  };
  afterEach(() => tracing?.stop());
  // A request through the server's tracing middleware, its handler making a span of its own.
  const request = <T>(method: string, handle: () => Promise<T> = async () => undefined as T) => {
    let handled: T | undefined;
    const ctx = { method, headers: {}, state: {}, status: 200, get: () => '' } as unknown as Context;
    return traceRequests()(ctx, async () => {
      handled = await inSpan('child', handle);
    }).then(() => handled);
  };
  const names = () => exporter.getFinishedSpans().map((s) => s.name);

  it('keeps the share of writes TRACE_COMMANDS_RATIO says and of reads TRACE_READS_RATIO says, each with its children', async () => {
    await start({ TRACE_READS_RATIO: '0', TRACE_COMMANDS_RATIO: '1' });
    for (const method of ['GET', 'POST', 'HEAD', 'PATCH']) await request(method);
    // (A read left out makes no span; one made inside it would start a trace of its own.)
    expect(names().filter((name) => name.endsWith('unmatched'))).toEqual([
      'POST unmatched',
      'PATCH unmatched',
    ]);
    await start({ TRACE_READS_RATIO: '1', TRACE_COMMANDS_RATIO: '0' });
    for (const method of ['GET', 'POST']) await request(method);
    expect(names()).toEqual(['child', 'GET unmatched']);
  });

  it('keeps about one command in ten unless told otherwise, always with its children, and no child of another', async () => {
    await start({});
    for (let n = 0; n < 1000; n++) await request('POST');
    const kept = names().filter((name) => name === 'POST unmatched').length;
    // Trace ids are random: 1000 draws at 0.1 fall outside 50 - 150 about once in 10^7 runs.
    expect(kept).toBeGreaterThan(50);
    expect(kept).toBeLessThan(150);
    expect(names().filter((name) => name === 'child')).toHaveLength(kept);
  });

  it('keeps about one read in a hundred unless told otherwise (a share of the reads, not a share of a share)', async () => {
    await start({});
    for (let n = 0; n < 3000; n++) await request('GET');
    const kept = names().filter((name) => name === 'GET unmatched').length;
    // 3000 draws at 0.01 (30 expected) fall outside 10 - 60 about once in 10^6 runs.
    expect(kept).toBeGreaterThan(10);
    expect(kept).toBeLessThan(60);
  });

  it('stores no trace context with the events of an untraced command', async () => {
    const command = () => request('POST', async () => traceMetadata());
    await start({ TRACE_COMMANDS_RATIO: '0' });
    expect(await command()).toBeUndefined();
    await start({ TRACE_COMMANDS_RATIO: '1' });
    expect(await command()).toEqual({
      traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/),
    });
  });

  it('leaves the choice to an operator who names a sampler, and refuses a ratio that is none', async () => {
    await start({ OTEL_TRACES_SAMPLER: 'always_on', TRACE_READS_RATIO: '0' });
    await request('GET');
    expect(names()).toEqual(['child', 'GET unmatched']);
    await tracing!.stop();
    expect(() => startTracing('test', { exporter, env: { TRACE_READS_RATIO: '2' } })).toThrow(/from 0 to 1/);
    expect(() => startTracing('test', { exporter, env: { TRACE_COMMANDS_RATIO: 'all' } })).toThrow(
      /TRACE_COMMANDS_RATIO must be a number from 0 to 1/,
    );
  });
});

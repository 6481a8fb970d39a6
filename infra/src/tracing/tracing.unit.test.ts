import { afterEach, describe, expect, it } from 'vitest';
import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { DomainError } from '@building/events/domain-error';
import { inSpan, startTracing } from './tracing.ts';

describe('spans', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: { stop(): Promise<void> } | undefined;
  afterEach(async () => {
    await tracing?.stop();
    exporter.reset();
  });

  it('marks our failures as errors with the exception, and a refusal only with its code', async () => {
    tracing = startTracing('test', { exporter });
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

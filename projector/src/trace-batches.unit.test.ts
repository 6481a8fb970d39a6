import { afterEach, describe, expect, it } from 'vitest';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { inSpan, startTracing, traceMetadata } from '@building/infra/tracing/tracing';
import { traceBatches } from './trace-batches.ts';
import type { Projector } from './apply-events.ts';

describe('a projector batch span', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: { stop(): Promise<void> } | undefined;
  afterEach(async () => {
    await tracing?.stop();
    exporter.reset();
  });

  it('continues the first traced command of its events and links the others, skipping untraced ones', async () => {
    tracing = startTracing('test', { exporter, env: { TRACE_COMMANDS_RATIO: '1' } });
    const traced = () => inSpan('command', async () => traceMetadata());
    const [a, b] = [await traced(), await traced()];
    const applied: unknown[][] = [];
    const projector = {
      project: async (raws: readonly unknown[]) => {
        applied.push([...raws]);
        return [];
      },
    } as unknown as Projector;
    const raws = [{ position: 1 }, { position: 2, metadata: a }, { position: 3, metadata: b }];
    await traceBatches(projector, 'projector').project(raws as never, {} as never);

    expect(applied).toEqual([raws]);
    const batch = exporter.getFinishedSpans().find((span) => span.name === 'projector batch')!;
    const idOf = (carrier: unknown) => String((carrier as { traceparent: string }).traceparent).split('-');
    expect(batch.spanContext().traceId).toBe(idOf(a)[1]);
    expect(batch.parentSpanContext?.spanId).toBe(idOf(a)[2]);
    expect(batch.links.map((link) => link.context.spanId)).toEqual([idOf(b)[2]]);
  });
});

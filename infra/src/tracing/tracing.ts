import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { DomainError } from '@building/events/domain-error';
import type { EventMetadata } from '@building/events/envelope';
import { otlpTraceExporter } from './otlp-exporter.ts';

export { SpanKind };

let provider: NodeTracerProvider | undefined;
/** The share of reads that start a trace (undefined: an operator's sampler decides). */
let readsShare: number | undefined;

/** Whether this process traces: off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test turns it on). */
export const tracingOn = () => provider !== undefined;

/**
 * Starts tracing for the server `service` when OTEL_EXPORTER_OTLP_ENDPOINT is set (the OTLP/HTTP
 * exporter reads it and the other OTEL_* settings), or with `exporter` (a test's in-memory one).
 * Otherwise nothing is set up, and every span helper below costs one check.
 */
export function startTracing(
  service: string,
  options: { env?: Record<string, string | undefined>; exporter?: SpanExporter } = {},
): { stop(): Promise<void> } {
  const env = options.env ?? process.env;
  if (provider || (!options.exporter && !env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()))
    return { stop: async () => {} };
  const share = env.OTEL_TRACES_SAMPLER ? undefined : readsRatio(env.TRACE_READS_RATIO);
  const exporter = options.exporter ?? otlpTraceExporter(env);
  const current = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? service }),
    // An operator's OTEL_TRACES_SAMPLER wins; else every command, and a share of the reads.
    ...(share === undefined ? {} : { sampler: readsSampled(share) }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The async-hooks context manager and the W3C trace-context propagator.
  current.register();
  provider = current;
  readsShare = share;
  return {
    async stop() {
      if (provider !== current) return;
      provider = undefined;
      // The collector being gone at shutdown loses the last spans, and is no reason to fail a stop.
      await current.shutdown().catch(() => {});
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

const tracer = () => trace.getTracer('building');

/**
 * Whether a read that continues no trace goes untraced: decided before any span is made, since
 * making an unsampled one (ids, context, propagation) cost cached reads a quarter of their rate.
 */
export const readUntraced = () => readsShare !== undefined && Math.random() >= readsShare;

/** TRACE_READS_RATIO: the share of reads traced, 0 to 1 (default 0.01). */
function readsRatio(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return 0.01;
  const ratio = Number(setting);
  if (!(ratio >= 0 && ratio <= 1))
    throw new Error(`TRACE_READS_RATIO must be a number from 0 to 1, not "${setting}"`);
  return ratio;
}

/**
 * Traces every write and `ratio` of the reads (GET, HEAD) that start a trace; a span whose parent
 * was sampled is sampled too. A cached read costs the server about 25 us: a span of its own, sent
 * to a collector, cost a quarter of the listing's throughput, and a thousand traces of one cached
 * page tell no more than ten. Reads that fail on our side are logged whether traced or not.
 */
function readsSampled(ratio: number): Sampler {
  const reads = new TraceIdRatioBasedSampler(ratio);
  const root: Sampler = {
    shouldSample(context, traceId, _name, _kind, attributes) {
      const method = attributes['http.request.method'];
      return method === 'GET' || method === 'HEAD'
        ? reads.shouldSample(context, traceId)
        : { decision: SamplingDecision.RECORD_AND_SAMPLED };
    },
    toString: () => `ReadsSampled{${ratio}}`,
  };
  return new ParentBasedSampler({ root });
}

/**
 * Runs `work` in a span named `name` (a child of the active one, or of `parent`), ending it with
 * the outcome; with tracing off, just runs it.
 */
export async function inSpan<T>(
  name: string,
  work: (span: Span | undefined) => Promise<T>,
  options: {
    kind?: SpanKind;
    parent?: Context;
    links?: Link[];
    attributes?: Record<string, string | number>;
  } = {},
): Promise<T> {
  if (!provider) return work(undefined);
  const { parent = context.active(), ...spanOptions } = options;
  return tracer().startActiveSpan(name, spanOptions, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      // A refusal is an answer, not a failure (as a 4xx is on a server span): its code, no stack.
      if (error instanceof DomainError) span.setAttribute('refusal.code', error.code);
      else {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      }
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active trace context as event metadata (W3C traceparent), or undefined when not tracing. */
export function traceMetadata(): EventMetadata | undefined {
  if (!provider) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? (carrier as EventMetadata) : undefined;
}

/** The trace context an event (or a Kafka message's headers) carries, to continue its trace. */
export function contextOf(carrier: Record<string, unknown> | undefined): Context | undefined {
  if (!provider || !carrier || typeof carrier.traceparent !== 'string') return undefined;
  return propagation.extract(context.active(), carrier);
}

/** A link to the span a carrier names (a batch links every event's command after the first). */
export function linkOf(carrier: Record<string, unknown> | undefined): Link | undefined {
  const found = contextOf(carrier);
  const spanContext = found && trace.getSpanContext(found);
  return spanContext ? { context: spanContext } : undefined;
}

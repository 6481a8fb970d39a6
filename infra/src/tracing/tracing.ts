import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
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

/** The shares of traces kept where no caller's trace is continued. */
interface Shares {
  reads: number;
  writes: number;
}

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
  const shares: Shares | undefined = env.OTEL_TRACES_SAMPLER
    ? undefined
    : {
        reads: ratio('TRACE_READS_RATIO', env.TRACE_READS_RATIO, 0.01),
        writes: ratio('TRACE_COMMANDS_RATIO', env.TRACE_COMMANDS_RATIO, 0.1),
      };
  const exporter = options.exporter ?? otlpTraceExporter(env);
  const current = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? service }),
    // An operator's OTEL_TRACES_SAMPLER wins; else a share of the commands and of the reads.
    ...(shares === undefined ? {} : { sampler: sharesSampled(shares) }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The async-hooks context manager and the W3C trace-context propagator.
  current.register();
  provider = current;
  readsShare = shares?.reads;
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

/** A share from 0 to 1 set by `name` (`fallback` when unset). */
function ratio(name: string, setting: string | undefined, fallback: number): number {
  if (setting === undefined || setting.trim() === '') return fallback;
  const share = Number(setting);
  if (!(share >= 0 && share <= 1)) throw new Error(`${name} must be a number from 0 to 1, not "${setting}"`);
  return share;
}

/**
 * Traces `writes` of the commands (write requests, and the scheduler's commands, which start no
 * request) and `reads` of the reads (GET, HEAD) that start a trace; a span whose parent was sampled
 * is sampled too, so a kept command keeps its append, its relay publish and its projection. A
 * command's three spans cost the service about a tenth of a command's CPU when every one is sent
 * (bench/src/README.md): one in ten tells an operator where the time goes at a hundredth of it, and
 * TRACE_COMMANDS_RATIO=1 keeps them all. A cached read costs the server about 25 us: a span of its
 * own cost a quarter of the listing's throughput. The logs name every command, traced or not.
 */
function sharesSampled(shares: Shares): Sampler {
  const reads = new TraceIdRatioBasedSampler(shares.reads);
  const writes = new TraceIdRatioBasedSampler(shares.writes);
  const root: Sampler = {
    shouldSample(context, traceId, _name, _kind, attributes) {
      const method = attributes['http.request.method'];
      return (method === 'GET' || method === 'HEAD' ? reads : writes).shouldSample(context, traceId);
    },
    toString: () => `SharesSampled{reads ${shares.reads}, writes ${shares.writes}}`,
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

/**
 * The active trace context as event metadata (W3C traceparent), or undefined when not tracing or
 * when the trace is not kept: an untraced command's events carry nothing to store or to continue.
 */
export function traceMetadata(): EventMetadata | undefined {
  if (!provider) return undefined;
  const active = trace.getActiveSpan()?.spanContext();
  if (!active || (active.traceFlags & TraceFlags.SAMPLED) === 0) return undefined;
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

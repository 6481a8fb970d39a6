import {
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
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
  SamplingDecision,
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

/** The shares of requests that start a trace when no caller's trace is continued. */
interface Shares {
  reads: number;
  writes: number;
}
/** Undefined: an operator's sampler decides. */
let shares: Shares | undefined;

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
): { stop(): Promise<void>; flush(): Promise<void> } {
  const env = options.env ?? process.env;
  if (provider || (!options.exporter && !env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()))
    return { stop: async () => {}, flush: async () => {} };
  const chosen: Shares | undefined = env.OTEL_TRACES_SAMPLER
    ? undefined
    : {
        reads: ratio('TRACE_READS_RATIO', env.TRACE_READS_RATIO, 0.01),
        writes: ratio('TRACE_COMMANDS_RATIO', env.TRACE_COMMANDS_RATIO, 0.1),
      };
  const exporter = options.exporter ?? otlpTraceExporter(env);
  const current = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? service }),
    // An operator's OTEL_TRACES_SAMPLER wins; else a share of the commands and of the reads.
    ...(chosen === undefined ? {} : { sampler: sharesSampled(chosen.writes) }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The async-hooks context manager and the W3C trace-context propagator.
  current.register();
  provider = current;
  shares = chosen;
  return {
    /** Sends the spans ended so far (the exporter's batch need not be full). */
    flush: () => current.forceFlush().catch(() => {}),
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

const readMethods = new Set(['GET', 'HEAD']);
/** A read (GET, HEAD), whose share of traces is TRACE_READS_RATIO's. */
export const isRead = (method: string) => readMethods.has(method);
const untracedKey = createContextKey('building.untraced');

/**
 * Whether a request that continues no trace goes untraced (a read by TRACE_READS_RATIO, a write by
 * TRACE_COMMANDS_RATIO): decided before any span is made, since making an unsampled one (ids,
 * context, propagation) cost cached reads a quarter of their rate, and a command's three a tenth
 * of the service's CPU.
 */
export const requestUntraced = (method: string) =>
  shares !== undefined && Math.random() >= (isRead(method) ? shares.reads : shares.writes);

/** The context of a request left out that continues none: made once, not per request. */
const untracedRoot = ROOT_CONTEXT.setValue(untracedKey, true);

/** Runs `work` with no span made inside it (its commands and appends too): a request left out. */
export const untraced = <T>(work: () => Promise<T>): Promise<T> => {
  const active = context.active();
  return context.with(active === ROOT_CONTEXT ? untracedRoot : active.setValue(untracedKey, true), work);
};

/** A share from 0 to 1 set by `name` (`fallback` when unset). */
function ratio(name: string, setting: string | undefined, fallback: number): number {
  if (setting === undefined || setting.trim() === '') return fallback;
  const share = Number(setting);
  if (!(share >= 0 && share <= 1)) throw new Error(`${name} must be a number from 0 to 1, not "${setting}"`);
  return share;
}

/**
 * The requests were chosen before their spans were made (requestUntraced): a request's root span
 * is kept. Other roots (the scheduler's commands, a batch of events no kept command recorded) are
 * kept at the commands' share. A span whose parent was kept is kept too, so a kept command keeps
 * its append, its relay publish and its projection. The logs name every command, traced or not.
 */
function sharesSampled(writesShare: number): Sampler {
  const others = new TraceIdRatioBasedSampler(writesShare);
  const root: Sampler = {
    shouldSample: (context, traceId, _name, _kind, attributes) =>
      attributes['http.request.method'] === undefined
        ? others.shouldSample(context, traceId)
        : { decision: SamplingDecision.RECORD_AND_SAMPLED },
    toString: () => `SharesSampled{${writesShare}}`,
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
  if (!provider || context.active().getValue(untracedKey)) return work(undefined);
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

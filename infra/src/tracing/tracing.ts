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
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { DomainError } from '@building/events/domain-error';
import type { EventMetadata } from '@building/events/envelope';

export { SpanKind };

let provider: NodeTracerProvider | undefined;

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
  const exporter = options.exporter ?? new OTLPTraceExporter();
  const current = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? service }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The async-hooks context manager and the W3C trace-context propagator.
  current.register();
  provider = current;
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

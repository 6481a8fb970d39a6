import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPExporterBase } from '@opentelemetry/otlp-exporter-base';
import {
  convertLegacyHttpOptions,
  createOtlpHttpExportDelegate,
} from '@opentelemetry/otlp-exporter-base/node-http';
import { ProtobufTraceSerializer, TraceExporterMetricsHelper } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * The OTLP/HTTP exporter in the protocol OTEL_EXPORTER_OTLP_TRACES_PROTOCOL (or
 * OTEL_EXPORTER_OTLP_PROTOCOL) names: `http/protobuf`, OpenTelemetry's default, unless `http/json`
 * is asked for. Protobuf encodes a span in half the time of JSON and a third of the bytes
 * (bench/src/README.md); it is built from the same parts as OpenTelemetry's own protobuf exporter,
 * which are installed with the JSON one.
 */
export function otlpTraceExporter(env: Record<string, string | undefined>): SpanExporter {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (protocol === 'http/json') return new OTLPTraceExporter();
  if (protocol && protocol !== 'http/protobuf')
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json, not "${protocol}"`);
  const options = convertLegacyHttpOptions({}, 'TRACES', 'v1/traces', {
    'Content-Type': 'application/x-protobuf',
  });
  return new OTLPExporterBase<ReadableSpan[]>(
    createOtlpHttpExportDelegate(
      options,
      ProtobufTraceSerializer,
      'otlp_http_span_exporter',
      TraceExporterMetricsHelper,
      undefined,
    ),
  );
}

import client from 'prom-client';

/**
 * The product's metrics, one registry per process (prom-client's default), shared by every module
 * that counts something. Values that live elsewhere (a table's backlog, a view's lag) are read at
 * scrape time by the hooks registered with `onScrape`, so nothing polls between scrapes.
 */
export const registry = client.register;
client.collectDefaultMetrics({ register: registry });

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function once<T extends client.Metric>(name: string, make: () => T): T {
  // A module loaded twice (tests import sources and built copies side by side) reuses the series.
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpRequestDuration = once(
  'http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: seconds,
    }),
);

export const commandsTotal = once(
  'building_commands_total',
  () =>
    new client.Counter({
      name: 'building_commands_total',
      help: 'Commands handled, by command and outcome (ok or the refusal code)',
      labelNames: ['command', 'outcome'] as const,
    }),
);

export const requestRefusalsTotal = once(
  'building_request_refusals_total',
  () =>
    new client.Counter({
      name: 'building_request_refusals_total',
      help: "Write requests refused, by route pattern and code (the refusal code, or the status of the HTTP layer's own)",
      labelNames: ['route', 'code'] as const,
    }),
);

export const appendBatchSize = once(
  'building_event_store_append_batch_size',
  () =>
    new client.Histogram({
      name: 'building_event_store_append_batch_size',
      help: 'Events written per event-store append (one transaction)',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
    }),
);

export const appendsTotal = once(
  'building_event_store_appends_total',
  () =>
    new client.Counter({
      name: 'building_event_store_appends_total',
      help: 'Event-store append transactions committed',
    }),
);

export const projectionPosition = once(
  'building_projection_position',
  () =>
    new client.Gauge({
      name: 'building_projection_position',
      help: 'The highest global position a projection has applied',
      labelNames: ['projection'] as const,
    }),
);

export const projectionLagEvents = once(
  'building_projection_lag_events',
  () =>
    new client.Gauge({
      name: 'building_projection_lag_events',
      help: "Events of a projection's categories not applied yet (0: caught up)",
      labelNames: ['projection'] as const,
    }),
);

export const projectionLagSeconds = once(
  'building_projection_lag_seconds',
  () =>
    new client.Gauge({
      name: 'building_projection_lag_seconds',
      help: 'Age of the oldest event a projection has not applied yet (0: caught up)',
      labelNames: ['projection'] as const,
    }),
);

export const projectionParked = once(
  'building_projection_parked_events',
  () =>
    new client.Gauge({
      name: 'building_projection_parked_events',
      help: 'Events a projection parked (could not apply)',
      labelNames: ['projection'] as const,
    }),
);

export const outboxBacklog = once(
  'building_outbox_backlog_events',
  () =>
    new client.Gauge({
      name: 'building_outbox_backlog_events',
      help: 'Events in the outbox not yet published to Kafka',
    }),
);

export const kafkaConsumerLag = once(
  'building_kafka_consumer_lag',
  () =>
    new client.Gauge({
      name: 'building_kafka_consumer_lag',
      help: "Messages behind the partition's end, per consumer group",
      labelNames: ['group', 'topic', 'partition'] as const,
    }),
);

export const sseConnections = once(
  'building_sse_connections',
  () => new client.Gauge({ name: 'building_sse_connections', help: 'Live-update streams open' }),
);

export const readCacheHits = once(
  'building_read_cache_hits_total',
  () => new client.Counter({ name: 'building_read_cache_hits_total', help: 'Reads answered from the cache' }),
);

export const readCacheMisses = once(
  'building_read_cache_misses_total',
  () =>
    new client.Counter({
      name: 'building_read_cache_misses_total',
      help: 'Cacheable reads that went to the views',
    }),
);

export const mailerPending = once(
  'building_mailer_pending_emails',
  () =>
    new client.Gauge({
      name: 'building_mailer_pending_emails',
      help: 'Emails in hand that the mail server has not accepted yet',
    }),
);

export const rateLimitedTotal = once(
  'building_rate_limited_total',
  () =>
    new client.Counter({
      name: 'building_rate_limited_total',
      help: 'Requests refused with 429, by limit',
      labelNames: ['class'] as const,
    }),
);

type ScrapeHook = () => Promise<void>;
const hooks = new Set<ScrapeHook>();

/** Runs `hook` before each scrape to refresh gauges read from elsewhere; returns its removal. */
export function onScrape(hook: ScrapeHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** The Prometheus text exposition, after the scrape hooks ran (a failing hook leaves its old values). */
export async function renderMetrics(log?: (line: string) => void): Promise<string> {
  const results = await Promise.allSettled([...hooks].map((hook) => hook()));
  for (const result of results)
    if (result.status === 'rejected') log?.(`a metrics hook failed: ${String(result.reason)}`);
  return registry.metrics();
}

export const metricsContentType = registry.contentType;

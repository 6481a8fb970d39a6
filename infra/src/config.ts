import { z } from 'zod';

/**
 * Every setting of the product, from the environment, with the embedded default's values.
 * The mode follows from what is configured: KAFKA_BROKERS switches the event transport to Kafka,
 * REDIS_URL the cache and rate limits to Redis.
 */
const schema = z.object({
  DATABASE_URL: z.string().optional(),
  KAFKA_BROKERS: z.string().optional(),
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  /** How soon a crashed projector's partitions go to the other instances (Kafka allows 6 s to 5 min). */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6000).max(300_000).optional(),
  /** `in-process`: the command-service publishes its outbox itself; `off`: a separate relay does. */
  OUTBOX_RELAY: z.enum(['in-process', 'off']).default('in-process'),
  REDIS_URL: z.string().optional(),
  COMMAND_PORT: z.coerce.number().int().default(4001),
  QUERY_PORT: z.coerce.number().int().default(4002),
  UI_PORT: z.coerce.number().int().default(5173),
  AUTH_EMULATOR_PORT: z.coerce.number().int().default(9099),
  PAYMENT_SANDBOX_PORT: z.coerce.number().int().default(12111),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  HOST: z.string().default('127.0.0.1'),
  /** Origins allowed by CORS: the UI's. */
  UI_ORIGINS: z.string().default('http://127.0.0.1:5173,http://localhost:5173'),
  /** Public base URLs, used in links the services hand out (uploaded images, receipts). */
  COMMAND_PUBLIC_URL: z.string().default('http://127.0.0.1:4001'),
  QUERY_PUBLIC_URL: z.string().default('http://127.0.0.1:4002'),
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * Access-token lifetime: also how long a signed-in person keeps access after their identity is
   * deleted or disabled at the provider (the UI renews the token from the provider's session).
   */
  JWT_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  ADMIN_EMAILS: z.string().default('admin@building.test'),
  FIREBASE_PROJECT_ID: z.string().default('demo-building'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /**
   * `1`: this is a demo, so the Auth emulator (a demo identity provider: whoever reaches it can
   * verify any address, hence become admin) may be used beyond loopback. See identityVerifierFor.
   */
  DEMO_IDENTITY: z.enum(['1', '']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Writes (commands) per signed-in person (or anonymous address) per minute. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Reads (GET on the query-service) per client address per minute. */
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /**
   * How many reverse proxies in front of the services add X-Forwarded-For (0: none, the header is
   * ignored; `true` counts as 1). Per-address limits key on the address it yields.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d{1,2})$/, 'expected false, true or a number of proxies')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
    .default(0),
  /** query-service: live-update streams open at once per client address and in all. */
  SSE_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  SSE_MAX_STREAMS: z.coerce.number().int().positive().default(2000),
  /** Where the mailer sends email (`smtp://` or `smtps://`, credentials in the URL): the local sink by default. */
  SMTP_URL: z.string().default('smtp://127.0.0.1:2525'),
  /** The sender of the product's emails. */
  MAIL_FROM: z.string().default('Gulshan Heights <no-reply@building.test>'),
  /** `npm start`: the local SMTP sink's ports (SMTP, and its mailbox page). */
  SMTP_SINK_PORT: z.coerce.number().int().default(2525),
  MAILBOX_PORT: z.coerce.number().int().default(8025),
  /**
   * Bearer token that opens `/metrics` to callers off this machine (Prometheus in docker-compose);
   * without it, the metrics answer on loopback only.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * The metrics (and /health) ports of the processes without an HTTP API; unset, that process
   * opens none (npm start sets 9410, 9420, 9421 and 9422; docker-compose sets its own).
   */
  METRICS_PORT_PROJECTOR: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_PORT_OUTBOX_RELAY: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_PORT_MAILER: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_PORT_REMINDERS: z.coerce.number().int().min(0).max(65535).optional(),
  /** `/health` reports failing when a projection has more events than this left to apply. */
  HEALTH_MAX_PROJECTION_LAG: z.coerce.number().int().positive().default(1000),
  /** The months of rent a lease owes as its deposit, due when its agreement is accepted (0: none). */
  DEPOSIT_MONTHS: z.coerce.number().int().min(0).max(24).default(2),
  /** Where the payment sandbox listens; used when STRIPE_SECRET_KEY is a sandbox key. */
  PAYMENT_SANDBOX_URL: z.string().optional(),
});

export type Config = z.infer<typeof schema> & {
  adminEmails: string[];
  uiOrigins: string[];
  kafkaBrokers: string[];
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`bad configuration: ${problems}`);
  }
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    ...parsed.data,
    adminEmails: list(parsed.data.ADMIN_EMAILS).map((e) => e.toLowerCase()),
    uiOrigins: list(parsed.data.UI_ORIGINS),
    kafkaBrokers: list(parsed.data.KAFKA_BROKERS),
  };
}

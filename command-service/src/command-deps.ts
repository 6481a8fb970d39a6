import type { Logger } from '@building/infra/logging/logger';
import type { CommandContext } from '@building/domain/command-handling/command-context';
import type { HealthCheck } from '@building/infra/metrics/health';
import type { RevokedTokens } from '@building/infra/auth/revoked-tokens';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import type { IdentityVerifier } from './auth/identity-verifier.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import type { RateLimiter } from '@building/infra/rate-limit/rate-limiter';
import type { RateLimits } from './protection/rate-limiter.ts';

/** Everything the command-service needs from outside; start-command-service.ts wires the real ones. */
export interface CommandDeps {
  store: PostgresEventStore;
  identity: IdentityVerifier;
  rateLimiter: RateLimiter;
  rateLimits?: Partial<RateLimits>;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** Signed-out tokens (POST /logout); without it, tokens only expire. */
  revokedTokens?: RevokedTokens;
  /** The first sign-in of one of these (lower-case) emails is granted admin. */
  adminEmails: string[];
  /** The months of rent a lease owes as its deposit when its agreement is accepted (DEPOSIT_MONTHS). */
  depositMonths?: number;
  /** CORS: the UI's origins. */
  uiOrigins: string[];
  /** Reverse proxies in front of the service (TRUST_PROXY): 0 ignores X-Forwarded-For. */
  trustProxyHops?: number;
  /** This service's public base URL, used in the links to uploaded images. */
  publicUrl: string;
  /** The card payment provider (Stripe or the payment sandbox); payments answer 503 without one. */
  payments?: PaymentProvider;
  /** Opens /metrics to callers off this machine (METRICS_TOKEN). */
  metricsToken?: string;
  /** What GET /health checks (the database, the broker, Redis). */
  health?: Record<string, HealthCheck>;
  clock?: () => Date;
  newId?: () => string;
  log?: (error: unknown) => void;
  /** Where requests and commands are logged (structured, with their ids); none: not logged. */
  logger?: Logger;
}

/** The deps with their defaults filled in, and the command handlers' context over the store. */
export type AppDeps = CommandDeps &
  Required<Pick<CommandDeps, 'clock' | 'newId'>> & { rateLimits: RateLimits; commands: CommandContext };

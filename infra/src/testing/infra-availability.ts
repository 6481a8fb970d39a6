/**
 * Which real services the integration tier found. The global set-up fills these env vars; a test
 * file that needs a missing service skips with a loud line (or fails the run when REQUIRE_INFRA=1,
 * which the global set-up enforces before any test runs).
 */
export const available = {
  postgres: () => Boolean(process.env.DATABASE_URL),
  kafka: () => Boolean(process.env.KAFKA_BROKERS),
  redis: () => Boolean(process.env.REDIS_URL),
};

export function kafkaBrokers(): string[] {
  return (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
}

export function missing(service: keyof typeof available): boolean {
  if (available[service]()) return false;
  console.warn(`\n!!! SKIPPED: no ${service} for this test file (set it in the environment, see README)\n`);
  return true;
}

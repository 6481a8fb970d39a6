/** One dependency's check: resolves with a short detail when healthy, throws (or rejects) when not. */
export type HealthCheck = () => Promise<string | void>;

export interface HealthReport {
  status: 'ok' | 'failing';
  service: string;
  checks: Record<string, { status: 'ok' | 'failing'; detail?: string }>;
}

const timeoutMs = 2000;

function withTimeout(check: HealthCheck): Promise<string | void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([check(), late]).finally(() => clearTimeout(timer));
}

/**
 * `/health`: every dependency checked at once, each within 2 s; `ok` (HTTP 200) only when all are,
 * else `failing` (503) with the reason of each failing one, for the supervisor, docker-compose and
 * a load balancer.
 */
export async function healthReport(
  service: string,
  checks: Record<string, HealthCheck>,
): Promise<HealthReport> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!)));
  const report: HealthReport = { status: 'ok', service, checks: {} };
  results.forEach((result, i) => {
    const name = names[i]!;
    if (result.status === 'fulfilled')
      report.checks[name] = result.value ? { status: 'ok', detail: result.value } : { status: 'ok' };
    else {
      report.status = 'failing';
      const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
      report.checks[name] = { status: 'failing', detail: reason };
    }
  });
  return report;
}

import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every common build). */
const ticksPerSecond = 100;

/** CPU seconds (user + system) a process has used so far, or null where /proc cannot tell. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Each Postgres backend of this database by its client's application_name, with its CPU so far. */
async function backendCpu(db: Knex): Promise<Map<string, Map<number, number>>> {
  const { rows }: { rows: Array<{ pid: number; name: string }> } = await db.raw(
    `select pid, application_name as name from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()`,
  );
  const byName = new Map<string, Map<number, number>>();
  for (const { pid, name } of rows) {
    const seconds = processCpuSeconds(pid);
    if (seconds === null) continue;
    if (!byName.has(name)) byName.set(name, new Map());
    byName.get(name)!.set(pid, seconds);
  }
  return byName;
}

/** The CPU the servers (by pid) and their database's backends had used at one moment. */
export interface CpuReading {
  servers: Array<readonly [label: string, seconds: number | null]>;
  backends: Map<string, Map<number, number>>;
}

export async function readCpu(db: Knex, servers: Record<string, number>): Promise<CpuReading> {
  return {
    servers: Object.entries(servers).map(([label, pid]) => [label, processCpuSeconds(pid)] as const),
    backends: await backendCpu(db),
  };
}

/**
 * CPU seconds per label between two readings: each server, and each server's Postgres backends
 * (told apart by the application_name the server connects with). Empty without /proc.
 */
export function cpuBetween(start: CpuReading, end: CpuReading): Map<string, number> {
  const split = new Map<string, number>();
  for (const [i, [label, seconds]] of end.servers.entries()) {
    const before = start.servers[i]?.[1];
    if (seconds !== null && before !== null && before !== undefined) split.set(label, seconds - before);
  }
  if (split.size === 0) return split;
  for (const [name, pids] of end.backends) {
    let seconds = 0;
    for (const [pid, cpu] of pids) seconds += cpu - (start.backends.get(name)?.get(pid) ?? 0);
    split.set(`Postgres backends of ${name || 'others'}`, seconds);
  }
  return split;
}

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

/**
 * Where the CPU goes during a load, per process: the servers (by pid), this process (the load
 * clients' worker thread) and each server's Postgres backends (told apart by the application_name
 * the server connects with). Only on the same machine as Postgres and with /proc (Linux); an empty
 * result elsewhere. `stop()` gives CPU seconds per label since `startCpuSplit`.
 */
export async function startCpuSplit(db: Knex, servers: Record<string, number>) {
  const serverStart = Object.entries(servers).map(
    ([label, pid]) => [label, pid, processCpuSeconds(pid)] as const,
  );
  const ownStart = process.cpuUsage();
  const backendsStart = await backendCpu(db);
  return {
    async stop(): Promise<Map<string, number>> {
      const split = new Map<string, number>();
      const backendsEnd = await backendCpu(db);
      for (const [label, pid, start] of serverStart) {
        const end = processCpuSeconds(pid);
        if (start !== null && end !== null) split.set(label, end - start);
      }
      if (split.size === 0) return split;
      const own = process.cpuUsage(ownStart);
      split.set('load clients (this process)', (own.user + own.system) / 1e6);
      for (const [name, pids] of backendsEnd) {
        let seconds = 0;
        for (const [pid, end] of pids) seconds += end - (backendsStart.get(name)?.get(pid) ?? 0);
        split.set(`Postgres backends of ${name || 'others'}`, seconds);
      }
      return split;
    },
  };
}

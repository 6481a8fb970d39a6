import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkResult {
  perSecond: number;
  requests: number;
  /** Latency percentiles in ms (wrk --latency). */
  p50: number;
  p99: number;
  non2xx: number;
  socketErrors: number;
}

/** Whether Debian's `wrk` is on the PATH (it is optional: the bench says so and skips it). */
export const wrkInstalled = () => spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;

/** wrk's own rendering of a duration: 812.00us, 1.23ms, 2.00s. */
function milliseconds(text: string): number {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text) ?? [];
  if (!value) throw new Error(`wrk printed a latency it could not read: ${text}`);
  return Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as Record<string, number>)[unit!]!;
}

/** Reads wrk's report (with --latency). */
export function parseWrk(output: string): WrkResult {
  const match = (pattern: RegExp) => pattern.exec(output)?.[1];
  const rate = match(/Requests\/sec:\s+([\d.]+)/);
  const requests = match(/(\d+) requests in/);
  const p50 = match(/\n\s+50%\s+(\S+)/);
  const p99 = match(/\n\s+99%\s+(\S+)/);
  if (!rate || !requests || !p50 || !p99) throw new Error(`wrk printed no figures:\n${output}`);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    perSecond: Number(rate),
    requests: Number(requests),
    p50: milliseconds(p50),
    p99: milliseconds(p99),
    non2xx: Number(match(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
    socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/**
 * `wrk -t2 -c<connections> --latency` for `durationMs` against `url`, each request the next of
 * `paths` in turn (a Lua script), keep-alive as wrk always is. Runs as its own process.
 */
export async function wrkLoad(options: {
  url: string;
  paths: readonly string[];
  connections: number;
  durationMs: number;
}): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'building-wrk-'));
  const script = join(dir, 'paths.lua');
  writeFileSync(
    script,
    `local paths = { ${options.paths.map((p) => JSON.stringify(p)).join(', ')} }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end
`,
  );
  try {
    const args = ['-t2', `-c${options.connections}`, `-d${Math.round(options.durationMs / 1000)}s`];
    const output = await new Promise<string>((resolve, reject) =>
      execFile('wrk', [...args, '--latency', '-s', script, options.url], (error, stdout, stderr) =>
        error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(stdout),
      ),
    );
    return parseWrk(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * firebase exports the accounts only on a clean exit, so a kill -9 lost every account made since
 * the last one. This keeps the export current instead: it looks at the accounts every
 * `intervalMs` and, when they changed (a sign-up, a password, a verified address), asks the
 * emulator hub to export them. The hub writes the export to a temporary directory and then swaps
 * it in, so a kill leaves the previous export or the new one (see recoverInterruptedExport).
 */
export function exportOnChange(options: {
  authHost: string;
  hubHost: string;
  projectId: string;
  exportDir: string;
  intervalMs?: number;
  onLog?: (line: string) => void;
}): { stop(): Promise<void> } {
  const accountsUrl = `http://${options.authHost}/identitytoolkit.googleapis.com/v1/projects/${options.projectId}/accounts:batchGet?maxResults=-1`;
  let exported: string | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const fingerprint = async () => {
    const response = await fetch(accountsUrl, {
      headers: { Authorization: 'Bearer owner' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`listing the accounts answered ${response.status}`);
    return createHash('sha256')
      .update(await response.text())
      .digest('hex');
  };

  const check = async () => {
    try {
      const now = await fingerprint();
      if (exported === null) exported = now; // as imported at start: nothing new to keep
      if (now === exported || stopped) return;
      const response = await fetch(`http://${options.hubHost}/_admin/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: options.exportDir, initiatedBy: 'export-on-change', targets: ['auth'] }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`the export answered ${response.status}`);
      exported = now;
    } catch (error) {
      // Tried again at the next tick; a stop's own export covers the rest.
      if (!stopped) options.onLog?.(`exporting the accounts failed: ${(error as Error).message}`);
    }
  };

  const timer = setInterval(() => {
    running = running.then(check);
  }, options.intervalMs ?? 1000);
  running = running.then(check);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * A kill between the hub's two steps (remove the old export, move the new one in) leaves the new
 * export in `firebase-export-*` under the working directory: move the newest complete one back.
 */
export function recoverInterruptedExport(workDir: string, exportDir: string): void {
  const metadata = 'firebase-export-metadata.json';
  if (existsSync(join(exportDir, metadata))) return;
  const pending = readdirSync(workDir)
    .filter((name) => name.startsWith('firebase-export-') && existsSync(join(workDir, name, metadata)))
    .sort((a, b) => statSync(join(workDir, b)).mtimeMs - statSync(join(workDir, a)).mtimeMs);
  if (pending.length === 0) return;
  rmSync(exportDir, { recursive: true, force: true });
  renameSync(join(workDir, pending[0]!), exportDir);
}

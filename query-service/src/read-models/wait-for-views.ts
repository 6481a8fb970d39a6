import type { Knex } from 'knex';
import { readModels } from '@building/events/read-models/all-read-models';
import { checkpointTable, tableNames } from '@building/events/read-models/read-model';
import { PROJECTION_STATUS_TABLE } from '@building/events/read-models/view-changes';

/** Every table the query-service reads: each view's tables and checkpoints, and the positions. */
export const viewTables = (): string[] => [
  PROJECTION_STATUS_TABLE,
  ...readModels.flatMap((m) => [...Object.values(tableNames(m)), checkpointTable(m)]),
];

/**
 * The projector creates the views (its migrations); the query-service only reads them. Started
 * first, it waits here until they exist rather than answering 5xx.
 */
export async function waitForViews(
  db: Knex,
  options: { log?: (line: string) => void; pollMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const tables = viewTables();
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (let logged = false; ;) {
    const { rows } = await db.raw<{ rows: Array<{ missing: string }> }>(
      `select name as missing from unnest(?::text[]) as name where to_regclass(quote_ident(name)) is null`,
      [`{${tables.join(',')}}`],
    );
    if (rows.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `the views do not exist (is the projector running?): ${rows.map((r) => r.missing).join(', ')}`,
      );
    if (!logged) options.log?.(`waiting for the projector to create ${rows.length} view tables`);
    logged = true;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
}

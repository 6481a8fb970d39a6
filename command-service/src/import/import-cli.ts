/**
 * `npm run import`: a building moving in, from CSV files (apartments, residents and their leases,
 * opening balances). Every row is checked, then decided through the domain's command handlers as
 * the admins and residents would have, and recorded in one transaction with the actor `import`,
 * or not at all. Exit codes: 0 recorded (or nothing new), 1 bad rows or failure, 2 bad arguments.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { eventWriter } from '@building/infra/ops/audit-formats';
import { runOpsCli, type CliContext } from '@building/infra/ops/cli-shell';
import { progressBar } from '@building/infra/ops/progress-bar';
import { importUsage, parseImportArgs, type ImportCommand } from './import-args.ts';
import { describeProblem, validateImportFiles, type ImportFileKind } from './import-rows.ts';
import { countByType } from './import-summary.ts';
import { stageImport } from './stage-import.ts';

async function runImport(command: ImportCommand, { config, out, database }: CliContext): Promise<number> {
  const named = Object.entries(command.files) as [ImportFileKind, string][];
  const texts = await Promise.all(
    named.map(async ([kind, name]) => [kind, { name, text: await readFile(name, 'utf8') }]),
  );
  const { rows, problems } = validateImportFiles(Object.fromEntries(texts));
  const fail = (found: typeof problems) => {
    console.error(`import: ${found.length} bad row(s), nothing recorded:`);
    for (const problem of found) console.error(`  ${describeProblem(problem)}`);
    return 1;
  };
  if (problems.length > 0) return fail(problems);

  const db = database();
  await migrateEventStore(db);
  // In the Kafka mode its events go out through the outbox like every other event.
  const store = new PostgresEventStore(db, {
    outbox: config.kafkaBrokers.length > 0,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
  });
  const now = new Date();
  const names = { apartments: '', residents: '', balances: '', ...command.files };
  const staged = await stageImport(store, names, rows, {
    now,
    progress: progressBar('import', { minTotal: 500 }),
  });
  if (staged.problems.length > 0) return fail(staged.problems);

  const events = staged.staged.stagedEvents();
  if (events.length === 0) {
    out('nothing new to record: the building already holds every row\n');
    return 0;
  }
  if (command.dryRun) {
    const writer = eventWriter('table', out);
    events.forEach((e) => writer.write(e));
    writer.end();
    out(`dry run: would record ${events.length} events (${countByType(events)}); nothing recorded\n`);
    return 0;
  }
  const recorded = await staged.staged.commit({ now, actor: 'import', correlationId: randomUUID() });
  await store.flush();
  out(`recorded ${events.length} events (${countByType(events)}), up to position ${recorded?.position}\n`);
  return 0;
}

await runOpsCli({ name: 'import', usage: importUsage, parse: parseImportArgs, run: runImport });

/**
 * `npm run export -- --journal --from DAY --to DAY`: the journal for an accountant, as CSV, folded
 * from the log (Kafka in the distributed mode, the event store in the embedded one) with the
 * domain's own posting. Exit codes: 0 written, 1 failure, 2 bad arguments.
 */
import { writeFile } from 'node:fs/promises';
import { runOpsCli, type CliContext } from '@building/infra/ops/cli-shell';
import { openReplaySource } from '@building/infra/ops/open-replay-source';
import { progressBar } from '@building/infra/ops/progress-bar';
import { journalCsv } from '@building/infra/statements/journal-csv';
import { exportUsage, parseExportArgs, type ExportCommand } from './export-args.ts';
import { journalBetween, journalCategories } from './journal-between.ts';

async function runExport(command: ExportCommand, { config, out }: CliContext): Promise<number> {
  const source = openReplaySource(config, command.source);
  try {
    const events = source.replay(journalCategories, progressBar(`journal (${source.name})`));
    const entries = await journalBetween(events, command.from, command.to);
    const csv = journalCsv(entries);
    if (command.out) await writeFile(command.out, csv);
    else out(csv);
    const lines = entries.reduce((n, e) => n + e.lines.length, 0);
    console.error(
      `${entries.length} entries, ${lines} lines${command.out ? ` written to ${command.out}` : ''} (from ${source.name})`,
    );
    return 0;
  } finally {
    await source.close();
  }
}

await runOpsCli({ name: 'export', usage: exportUsage, parse: parseExportArgs, run: runExport });

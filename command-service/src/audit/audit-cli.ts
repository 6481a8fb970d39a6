/**
 * `npm run audit`: replays categories of the event log (Kafka in the distributed mode, the event
 * store in the embedded one), prints the events, verifies the hash chains; `state --at` rebuilds
 * the building's state at a moment from the log alone. Exit codes: 0 fine, 1 broken chain or
 * failure, 2 bad arguments. It lives in the command-service because `state --at` folds with the
 * aggregates' own evolve functions; the shell, the replay sources and formats are infra's.
 */
import { auditLog, describeVerification } from '@building/infra/ops/audit-log';
import { auditUsage, parseAuditArgs, type AuditCommand } from '@building/infra/ops/audit-args';
import { eventWriter } from '@building/infra/ops/audit-formats';
import { runOpsCli, type CliContext } from '@building/infra/ops/cli-shell';
import { openReplaySource } from '@building/infra/ops/open-replay-source';
import { progressBar } from '@building/infra/ops/progress-bar';
import { buildingState } from './state-at/building-state.ts';
import { replayAt, stateCategories } from './state-at/state-at.ts';
import { stateReport } from './state-at/state-report.ts';

async function audit(command: AuditCommand, { config, out }: CliContext): Promise<number> {
  const source = openReplaySource(config, command.source);
  try {
    if (command.kind === 'state') {
      const replay = await replayAt(source.replay(stateCategories, progressBar('state')), command.at);
      const state = buildingState(replay);
      if (command.format === 'json') out(`${JSON.stringify(state, null, 2)}\n`);
      else
        out(
          stateReport(state)
            .map((line) => `${line}\n`)
            .join(''),
        );
      return 0;
    }
    const writer = eventWriter(command.format, out);
    const result = await auditLog(
      source.replay(command.categories, progressBar(`replay (${source.name})`)),
      { from: command.from, to: command.to },
      (event) => writer.write(event),
    );
    writer.end();
    console.error(`${result.shown} events shown (replayed from ${source.name})`);
    if (!command.verify) return 0;
    console.error(describeVerification(result.verification));
    return result.verification.ok ? 0 : 1;
  } finally {
    await source.close();
  }
}

await runOpsCli({ name: 'audit', usage: auditUsage, parse: parseAuditArgs, run: audit });

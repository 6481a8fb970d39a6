/**
 * `npm run audit`: replays categories of the event log (Kafka in the distributed mode, the event
 * store in the embedded one), prints the events, verifies the hash chains; `state --at` rebuilds
 * the building's state at a moment from the log alone. Exit codes: 0 fine, 1 broken chain or
 * failure, 2 bad arguments. Events go to stdout; progress and the verdict to stderr. It lives in
 * the command-service because `state --at` folds with the aggregates' own evolve functions; the
 * replay sources and formats are infra's.
 */
import { loadConfig } from '@building/infra/config';
import { failureMessage } from '@building/infra/ops/failure-message';
import { auditLog, describeVerification } from '@building/infra/ops/audit-log';
import { auditUsage, parseAuditArgs, type AuditCommand } from '@building/infra/ops/audit-args';
import { eventWriter } from '@building/infra/ops/audit-formats';
import { openReplaySource } from '@building/infra/ops/open-replay-source';
import { progressBar } from '@building/infra/ops/progress-bar';
import { buildingState } from './state-at/building-state.ts';
import { replayAt, stateCategories } from './state-at/state-at.ts';
import { stateReport } from './state-at/state-report.ts';
import { UsageError } from '@building/infra/ops/usage-error';

const out = (text: string) => process.stdout.write(text);
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A reader that stopped early (`| head`) is not a failure.
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

async function run(command: AuditCommand): Promise<number> {
  const source = openReplaySource(loadConfig(), command.source);
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

async function main(): Promise<void> {
  let command: AuditCommand;
  try {
    command = parseAuditArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(`audit: ${error.message}`);
    console.error(auditUsage);
    process.exitCode = 2;
    return;
  }
  try {
    process.exitCode = await run(command);
  } catch (error) {
    console.error(`audit failed: ${failureMessage(error, loadConfig())}`);
    process.exitCode = 1;
  }
}

await main();

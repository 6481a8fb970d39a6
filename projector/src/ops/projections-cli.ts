/**
 * `npm run projections -- status | rebuild <name...> | rebuild --all | retire <name>`: where each
 * projection stands against the log; rebuilds from the start of the log into shadow tables swapped
 * in atomically while the projector and the query-service keep running; dropping a retired version. Exit codes: 0 fine,
 * 1 failure, 2 bad arguments.
 */
import { projections } from '../projections/registry.ts';
import { alignTable } from '@building/infra/ops/audit-formats';
import { runOpsCli, type CliContext } from '@building/infra/ops/cli-shell';
import { progressBar } from '@building/infra/ops/progress-bar';
import {
  parseProjectionsArgs,
  projectionsUsage,
  type ProjectionsCommand,
} from './projections/projections-args.ts';
import { projectionsReport, type ProjectionsReport } from '@building/infra/read-models/projections-report';
import { rebuildProjections } from './projections/rebuild-projections.ts';
import { retireProjection } from './projections/retire-projection.ts';

function statusTable(report: ProjectionsReport): string[] {
  const rows = report.projections.map((p) => [
    p.name,
    String(p.position),
    String(p.lag),
    p.pending < 0 ? '?' : String(p.pending),
    String(p.streams),
    String(p.parked),
    p.lastError
      ? `${p.lastError.reason} ${p.lastError.stream}@${p.lastError.version}: ${p.lastError.error}`
      : '-',
  ]);
  return [
    `log: last position ${report.lastPosition}; malformed events parked: ${report.malformed}`,
    ...alignTable(['PROJECTION', 'POSITION', 'LAG', 'PENDING', 'STREAMS', 'PARKED', 'LAST ERROR'], rows),
  ];
}

async function projectionsCommand(
  command: ProjectionsCommand,
  { database, out }: CliContext,
): Promise<number> {
  const db = database();
  if (command.kind === 'status') {
    const report = await projectionsReport(
      db,
      projections.map((p) => p.model),
    );
    const text = command.format === 'json' ? [JSON.stringify(report, null, 2)] : statusTable(report);
    out(`${text.join('\n')}\n`);
    return 0;
  }
  if (command.kind === 'retire') {
    const dropped = await retireProjection(db, command.name);
    out(`retired ${command.name}: dropped ${dropped.join(', ') || 'no tables'}\n`);
    return 0;
  }
  const chosen =
    command.names === 'all' ? projections : projections.filter((p) => command.names.includes(p.name));
  const started = Date.now();
  console.error(`rebuilding ${chosen.map((p) => p.name).join(', ')} from the start of the log`);
  const result = await rebuildProjections(db, chosen, {
    batchSize: command.batchSize,
    progress: progressBar('rebuild', { minTotal: 0 }),
    log: (line) => console.error(`[rebuild] ${line}`),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  // The whole process's (every thread's) CPU and high-water mark: what a rebuild needs of the machine.
  const usage = process.resourceUsage();
  const cpu = ((usage.userCPUTime + usage.systemCPUTime) / 1e6).toFixed(1);
  const peakMb = Math.round(usage.maxRSS / 1024);
  out(
    `rebuilt ${result.projections.join(', ')}: ${result.replayed} events replayed, ` +
      `${result.caughtUp} caught up in the swap, swapped in atomically (${seconds} s, CPU ${cpu} s, peak RSS ${peakMb} MB)\n`,
  );
  return 0;
}

await runOpsCli({
  name: 'projections',
  usage: projectionsUsage,
  parse: (argv) =>
    parseProjectionsArgs(
      argv,
      projections.map((p) => p.name),
    ),
  run: projectionsCommand,
  failing: (command) => `projections ${command.kind}`,
});

import type { Benchmark, Figure } from './benchmark.ts';
import { startCommandStack, type CommandStack, type StackLoad } from './command-stack.ts';
import { failures, latencyFigures, pooledLoad } from './http-load.ts';
import { median } from './stats.ts';
import { startOtlpSink } from './otlp-sink.ts';
import { cpuBetween } from './process-cpu.ts';

const clients = 32;
const soloMs = 10_000;
const turnMs = 3_000;
const rounds = 8;

/** A stack with its instrumentation set one way, and what its loads measured. */
interface Arm {
  label: string;
  stack: CommandStack;
  first?: StackLoad;
  /** Its turn in each round. */
  turns: StackLoad[];
  /** Per round: CPU seconds per label of its servers and their backends over the whole round. */
  rounds: Array<Map<string, number>>;
}

/**
 * POST /addCoupon as an admin against running stacks (command-stack.ts: the command-service and
 * the projector as their own processes, from their own entrypoints): one with the instrumentation
 * off, one on, one tracing every command, each on a database of its own, all running throughout.
 * Each in turn gets 32 keep-alive clients for its first 10 s after the start, and the on stack 10 s
 * more (the steady figures). Then the instrumentation's cost: eight rounds in which each stack in
 * turn (forward, then backward) takes 3 s of load and lets its projector catch up. Runs of 10 s one
 * after another differed by up to 20% on a shared machine with nothing changed: short turns, many
 * times over, meet the same neighbours, and the median round says the cost.
 */
export const commands: Benchmark = {
  name: 'commands',
  summary: `POST /addCoupon, ${clients} clients, command-service + projector running; instrumentation off and on in turn`,
  async run(context) {
    const sink = await startOtlpSink();
    const arms: Arm[] = [];
    try {
      // Off: no logs, no traces (the metrics are always on). On is the default an operator gets:
      // JSON logs at info, one command in ten traced (TRACE_COMMANDS_RATIO), every span kept sent to
      // a collector. A third arm traces every command.
      const exporting = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url };
      const settings: Array<{ label: string; env: Record<string, string> }> = [
        { label: 'off', env: { LOG_LEVEL: 'silent' } },
        { label: 'on', env: exporting },
        { label: 'every command traced', env: { ...exporting, TRACE_COMMANDS_RATIO: '1' } },
      ];
      for (const [i, { label, env }] of settings.entries()) {
        const database = await context.database(`commands_${i}`);
        const stack = await startCommandStack(database, env, context.progress);
        arms.push({ label, stack, turns: [], rounds: [] });
        // No warm-up: what the first users after a start meet.
        context.progress(`instrumentation ${label}: first ${soloMs / 1000} s after the start`);
        arms[i]!.first = await stack.load(clients, soloMs);
      }
      const on = arms[1]!;
      context.progress(`instrumentation on: steady, ${clients} clients for ${soloMs / 1000} s`);
      const before = await on.stack.cpu();
      const steady = await on.stack.load(clients, soloMs);
      const steadyCpu = cpuBetween(before, await on.stack.cpu());
      let readings = await Promise.all(arms.map((arm) => arm.stack.cpu()));
      for (let round = 0; round < rounds; round++) {
        context.progress(`round ${round + 1} of ${rounds}: ${turnMs / 1000} s each in turn`);
        for (const arm of round % 2 === 0 ? arms : [...arms].reverse())
          arm.turns.push(await arm.stack.load(clients, turnMs));
        // Each stack's CPU over the whole round: its turn, its projector's catch-up, its span
        // exports, its idle moments while the others take theirs.
        const next = await Promise.all(arms.map((arm) => arm.stack.cpu()));
        for (const [i, arm] of arms.entries()) arm.rounds.push(cpuBetween(readings[i]!, next[i]!));
        readings = next;
      }
      if (sink.exports() === 0) throw new Error('instrumentation on, yet no span reached the collector');
      return figuresOf(arms, steady, steadyCpu, sink.exports());
    } finally {
      for (const arm of arms) await arm.stack.stop();
      await sink.stop();
    }
  },
};

const seconds = (split: Map<string, number>) => [...split.values()].reduce((sum, s) => sum + s, 0);

/** An arm's server CPU per command in each round, in microseconds. */
const cpuPerCommand = (arm: Arm) =>
  arm.rounds.map((split, i) => (seconds(split) / arm.turns[i]!.requests) * 1e6);

function figuresOf(
  arms: Arm[],
  steady: StackLoad,
  steadyCpu: Map<string, number>,
  exports: number,
): Figure[] {
  const [off, on, everyOne] = arms as [Arm, Arm, Arm];
  const first = on.first!;
  const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  const loads = arms.flatMap((arm) => [arm.first!, ...arm.turns]);
  const versus = (arm: Arm, target: boolean): Figure[] => {
    const rateRatios = arm.turns.map((t, i) => t.perSecond / off.turns[i]!.perSecond);
    const cpuRatios = cpuPerCommand(arm).map((us, i) => us / cpuPerCommand(off)[i]!);
    const name = arm === on ? 'instrumentation on' : arm.label;
    return [
      {
        metric: `commands/s, ${name} / off`,
        value: median(rateRatios),
        unit: 'x',
        target: target ? { atLeast: 0.95 } : undefined,
        note: `median of ${rounds} rounds (${list(rateRatios)}); ${Math.round(pooledLoad(arm.turns).perSecond)} against ${Math.round(pooledLoad(off.turns).perSecond)}/s`,
      },
      {
        metric: `server CPU per command, ${name} / off`,
        value: median(cpuRatios),
        unit: 'x',
        target: target ? { atMost: 1.05 } : undefined,
        note: `median of ${rounds} rounds (${list(cpuRatios)}); ${Math.round(median(cpuPerCommand(arm)))} against ${Math.round(median(cpuPerCommand(off)))} us: the services and their Postgres over each whole round`,
      },
    ];
  };
  return [
    {
      metric: 'commands/s, first 10 s after the start',
      value: first.perSecond,
      unit: '/s',
      target: { atLeast: 4000 },
      note: `${first.requests} POST /addCoupon, no warm-up, instrumentation on`,
    },
    ...latencyFigures('command (first 10 s)', first, 20),
    {
      metric: 'commands/s',
      value: steady.perSecond,
      unit: '/s',
      target: { atLeast: 4000 },
      note: `${steady.requests} POST /addCoupon, ${clients} clients, instrumentation on, projector ${on.stack.alive() ? 'running' : 'DIED'}`,
    },
    ...latencyFigures('command', steady, 20),
    {
      metric: 'projector behind after the load',
      value: steady.projectorBehindMs,
      unit: 'ms',
      note: steady.caughtUp ? 'every projection caught up' : 'still behind after 60 s',
    },
    ...cpuFigures(steadyCpu, steady),
    {
      metric: 'commands/s, instrumentation off',
      value: off.first!.perSecond,
      unit: '/s',
      note: `its first ${soloMs / 1000} s on its own; p99 ${off.first!.latency.p99.toFixed(1)} ms`,
    },
    ...versus(on, true),
    ...versus(everyOne, false),
    {
      metric: 'span exports',
      value: exports,
      unit: '',
      note: `to a stand-in collector; non-2xx in all runs ${loads.reduce((sum, load) => sum + failures(load), 0)}`,
    },
  ];
}

/**
 * The CPU per command of each process over the steady run. Every part swells with the neighbours'
 * load, the load clients' too, and their code is the same in any A/B: within one window, compare
 * runs by the servers' sum as a multiple of the clients' cost.
 */
function cpuFigures(split: Map<string, number>, load: StackLoad): Figure[] {
  if (split.size === 0) return [];
  const perCommand = (s: number) => (s / Math.max(1, load.requests)) * 1e6;
  const servers = seconds(split);
  return [
    ...[...split].map(([label, s], i): Figure => ({
      metric: `CPU per command: ${label}`,
      value: perCommand(s),
      unit: 'us',
      note:
        i === 0
          ? "CPU seconds from the load's start to the projector caught up (/proc), per command"
          : undefined,
    })),
    {
      metric: 'CPU per command: load clients (this process)',
      value: perCommand(load.clientSeconds),
      unit: 'us',
    },
    {
      metric: 'CPU per command: servers / load clients',
      value: servers / load.clientSeconds,
      unit: 'x',
      note: `servers and their Postgres ${Math.round(perCommand(servers))} us per command in all`,
    },
  ];
}

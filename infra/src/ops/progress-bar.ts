import cliProgress from 'cli-progress';
import type { ReplayProgress } from './replay-source.ts';

/**
 * A progress bar on stderr (stdout stays clean for piping), drawn only when stderr is a terminal
 * and only for replays long enough to be worth watching.
 */
export function progressBar(label: string, options: { minTotal?: number } = {}): ReplayProgress {
  const enabled = Boolean(process.stderr.isTTY);
  let bar: cliProgress.SingleBar | undefined;
  let done = 0;
  let expected = 0;
  let started = 0;
  return {
    start(total) {
      done = 0;
      expected = total;
      started = performance.now();
      if (!enabled || total < (options.minTotal ?? 1000)) return;
      bar = new cliProgress.SingleBar(
        {
          stream: process.stderr,
          format: `${label} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_formatted}`,
          hideCursor: true,
          clearOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0, { rate: 0 });
    },
    advance(count) {
      done += count;
      // The log grows while a rebuild runs: grow the bar rather than pass 100%.
      if (done > expected) bar?.setTotal((expected = done));
      const seconds = (performance.now() - started) / 1000;
      bar?.increment(count, { rate: seconds > 0 ? Math.round(done / seconds) : 0 });
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}

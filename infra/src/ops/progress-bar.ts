import cliProgress from 'cli-progress';
import type { ReplayProgress } from './replay-source.ts';

/** How often progress is written as a plain line when stderr is not a terminal (a log file, CI). */
const lineEveryMs = 5000;

/**
 * Progress on stderr (stdout stays clean for piping), only for replays long enough to be worth
 * watching: a bar on a terminal; elsewhere a plain line every few seconds, so that a long run
 * logged to a file or a job's output still shows how far it is.
 */
export function progressBar(
  label: string,
  options: { minTotal?: number; write?: (line: string) => void; now?: () => number } = {},
): ReplayProgress {
  const terminal = Boolean(process.stderr.isTTY) && !options.write;
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = options.now ?? (() => performance.now());
  let bar: cliProgress.SingleBar | undefined;
  let lines = false;
  let done = 0;
  let expected = 0;
  let started = 0;
  let lastLine = 0;
  const rate = () => {
    const seconds = (now() - started) / 1000;
    return seconds > 0 ? Math.round(done / seconds) : 0;
  };
  return {
    start(total) {
      done = 0;
      expected = total;
      started = lastLine = now();
      lines = false;
      if (total < (options.minTotal ?? 1000)) return;
      if (!terminal) {
        lines = true;
        return;
      }
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
      // The log grows while a rebuild runs: grow the total rather than pass 100%. (Not inside
      // `bar?.setTotal(...)`: without a bar, the optional call would skip the assignment too.)
      if (done > expected) {
        expected = done;
        bar?.setTotal(expected);
      }
      bar?.increment(count, { rate: rate() });
      if (lines && now() - lastLine >= lineEveryMs) {
        lastLine = now();
        const perSecond = rate();
        const eta = perSecond > 0 ? `, ETA ${Math.ceil((expected - done) / perSecond)} s` : '';
        write(
          `${label}: ${done}/${expected} events (${Math.floor((100 * done) / expected)}%), ${perSecond} events/s${eta}`,
        );
      }
    },
    stop() {
      bar?.stop();
      bar = undefined;
      lines = false;
    },
  };
}

/**
 * `npm run seed-log -- --events N [--seed S]`: a synthetic building history of N events appended to
 * the store at DATABASE_URL (else the embedded one `npm start` runs). Exit codes: 0 fine, 1 failure,
 * 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '@building/infra/config';
import { databaseUrl, openDatabase } from '@building/infra/ops/open-replay-source';
import { failureMessage } from '@building/infra/ops/failure-message';
import { progressBar } from '@building/infra/ops/progress-bar';
import { seedLog } from './seed-log.ts';

const usage = 'usage: npm run seed-log -- --events N [--seed S]';
const argsSchema = z.object({
  events: z.coerce.number().int().positive().max(100_000_000),
  seed: z.coerce.number().int().nonnegative().default(1),
});

async function main(): Promise<void> {
  let args: z.infer<typeof argsSchema>;
  try {
    const { values } = parseArgs({ options: { events: { type: 'string' }, seed: { type: 'string' } } });
    args = argsSchema.parse(values);
  } catch (error) {
    console.error(
      `seed-log: ${error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message}`,
    );
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const db = openDatabase(databaseUrl(config), 2);
  const bar = progressBar('seed-log');
  const started = performance.now();
  try {
    bar.start(args.events);
    let shown = 0;
    const result = await seedLog(db, {
      ...args,
      onProgress: (events) => {
        bar.advance(events - shown);
        shown = events;
      },
    });
    bar.stop();
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `seeded ${result.events} events (positions ${result.firstPosition}..${result.lastPosition}) ` +
        `in ${seconds.toFixed(1)} s: ${Math.round(result.events / seconds)} events/s\n`,
    );
  } catch (error) {
    bar.stop();
    console.error(`seed-log failed: ${failureMessage(error, config)}`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

await main();

import type { Knex } from 'knex';
import { loadConfig, type Config } from '../config.ts';
import { failureMessage } from './failure-message.ts';
import { databaseUrl, openDatabase } from './open-replay-source.ts';
import { UsageError } from './usage-error.ts';

/** What a command of an ops CLI gets from the shell. */
export interface CliContext {
  config: Config;
  /** Writes to stdout (the command's result, for piping). */
  out(text: string): void;
  /** The ops database (DATABASE_URL, else `npm start`'s), opened once, closed by the shell. */
  database(): Knex;
}

export interface OpsCli<C> {
  /** As the messages name it: `audit`, `projections`. */
  name: string;
  usage: string;
  /** Throws UsageError naming what is wrong (or an empty one for --help). */
  parse(argv: readonly string[]): C;
  /** Runs the command; resolves its exit code (0 fine, 1 failure such as a broken chain). */
  run(command: C, context: CliContext): Promise<number>;
  /** How a failure of this command is introduced, e.g. `projections rebuild` (default: the name). */
  failing?(command: C): string;
}

/**
 * The ops CLIs' one shell: parse (bad arguments print the usage and exit 2), run (exit 0 or the
 * command's code), report a failure in one line with a hint when `npm start`'s database is not up
 * (exit 1). Results go to stdout, everything else to stderr; a reader that stops early (`| head`)
 * is not a failure.
 */
export async function runOpsCli<C>(
  cli: OpsCli<C>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  let command: C;
  try {
    command = cli.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(`${cli.name}: ${error.message}`);
    console.error(cli.usage);
    process.exitCode = 2;
    return;
  }
  let config: Config | undefined;
  let db: Knex | undefined;
  try {
    const settings = (config = loadConfig());
    const context: CliContext = {
      config: settings,
      out: (text) => process.stdout.write(text),
      database: () => (db ??= openDatabase(databaseUrl(settings))),
    };
    process.exitCode = await cli.run(command, context);
  } catch (error) {
    const message = config ? failureMessage(error, config) : (error as Error).message;
    console.error(`${cli.failing?.(command) ?? cli.name} failed: ${message}`);
    process.exitCode = 1;
  } finally {
    await db?.destroy();
  }
}

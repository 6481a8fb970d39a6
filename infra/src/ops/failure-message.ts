import type { Config } from '../config.ts';

/** One line for a failed ops command, with a hint when the embedded database is simply not running. */
export function failureMessage(
  error: unknown,
  config: Pick<Config, 'DATABASE_URL' | 'EMBEDDED_PG_PORT'>,
): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  if ((code === 'ECONNREFUSED' || message.includes('ECONNREFUSED')) && !config.DATABASE_URL)
    return `${message}: is \`npm start\` running? (its database is on port ${config.EMBEDDED_PG_PORT}; set DATABASE_URL for another one)`;
  return message;
}

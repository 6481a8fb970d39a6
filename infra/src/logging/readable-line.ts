/** The fields every line has, shown in the prefix or not at all. */
const framing = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'v']);
const levels: Record<number, string> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * A server's JSON log line as a person reads it: `[name] message key=value ...` (warnings and
 * errors say so), the text the servers printed before their logs were structured. Any other line
 * (a tool's own output) comes back as it is.
 */
export function readableLine(line: string): string {
  if (!line.startsWith('{')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry.msg !== 'string' || typeof entry.name !== 'string') return line;
  const level = levels[entry.level as number];
  const fields = Object.entries(entry)
    .filter(([key]) => !framing.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const err = entry.err as { stack?: string } | undefined;
  const text = [
    `[${entry.name}]`,
    level ? `${level}:` : '',
    entry.msg,
    ...fields.filter((f) => !f.startsWith('err=')),
  ]
    .filter(Boolean)
    .join(' ');
  return err?.stack ? `${text}\n${err.stack}` : text;
}

const fieldText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

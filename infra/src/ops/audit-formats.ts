import type { StoredEvent } from '@building/events/envelope';

export const auditFormats = ['table', 'jsonl', 'csv'] as const;
export type AuditFormat = (typeof auditFormats)[number];

/** Writes events in one format; `end` flushes what a format must hold back (the table's widths). */
export interface EventWriter {
  write(event: StoredEvent): void;
  end(): void;
}

export function actorLabel(event: StoredEvent): string {
  return typeof event.actor === 'string' ? event.actor : `${event.actor.email} (${event.actor.role})`;
}

/** The envelope with its fields always in one order, so two sources print the same bytes. */
export function envelopeJson(e: StoredEvent): string {
  return JSON.stringify({
    position: e.position,
    id: e.id,
    stream: e.stream,
    version: e.version,
    type: e.type,
    schemaVersion: e.schemaVersion,
    occurredAt: e.occurredAt,
    actor: typeof e.actor === 'string' ? e.actor : { email: e.actor.email, role: e.actor.role },
    correlationId: e.correlationId,
    causationId: e.causationId,
    data: e.data,
    prevHash: e.prevHash,
    hash: e.hash,
  });
}

const csvColumns = ['position', 'occurred_at', 'stream', 'version', 'type', 'actor', 'data', 'hash'] as const;

/** RFC 4180: quote a field holding a comma, quote, CR or LF; double the quotes inside. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvRow(e: StoredEvent): string[] {
  return [
    String(e.position),
    e.occurredAt,
    e.stream,
    String(e.version),
    e.type,
    actorLabel(e),
    JSON.stringify(e.data),
    e.hash,
  ];
}

const tableColumns = ['POSITION', 'TIME', 'STREAM', 'VERSION', 'TYPE', 'ACTOR', 'DATA'] as const;

/** The table shows the csv columns but the hash, which is too wide to read. */
function tableRow(e: StoredEvent): string[] {
  return csvRow(e).slice(0, tableColumns.length);
}

/** Aligns columns (the last one, the data, runs free); numbers are right-aligned. */
export function alignTable(header: readonly string[], rows: string[][]): string[] {
  const all = [header as string[], ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^\d+$/.test(r[i]!)));
  return all.map((row) =>
    row
      .map((cell, i) => {
        if (i === row.length - 1) return cell;
        return numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
      })
      .join('  ')
      .trimEnd(),
  );
}

/** `out` receives text with its line endings: LF, except CSV's CRLF (RFC 4180). */
export function eventWriter(format: AuditFormat, out: (text: string) => void): EventWriter {
  switch (format) {
    case 'jsonl':
      return { write: (e) => out(`${envelopeJson(e)}\n`), end: () => {} };
    case 'csv':
      out(`${csvColumns.join(',')}\r\n`);
      return { write: (e) => out(`${csvRow(e).map(csvField).join(',')}\r\n`), end: () => {} };
    case 'table': {
      const rows: string[][] = [];
      return {
        write: (e) => rows.push(tableRow(e)),
        end: () => alignTable(tableColumns, rows).forEach((line) => out(`${line}\n`)),
      };
    }
    default: {
      const never: never = format;
      throw new Error(`unknown format ${String(never)}`);
    }
  }
}

/**
 * Dates on the audit's command line and query string: `2026-03-01` (UTC midnight, or the end of
 * that day when it closes a range) or a full ISO date-time with an offset.
 */
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function parseDate(value: string, edge: 'start' | 'end' = 'start'): Date | null {
  if (dateOnly.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== value) return null;
    return edge === 'start' ? start : new Date(start.getTime() + 24 * 3600_000 - 1);
  }
  if (!dateTime.test(value)) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

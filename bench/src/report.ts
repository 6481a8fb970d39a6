import { meets, type Figure, type Target } from './benchmark.ts';

export interface BenchOutcome {
  bench: string;
  figures: Figure[];
  /** Set when the benchmark crashed: its figures are missing, and the run exits non-zero. */
  error?: string;
}

/** A number short enough for a table: 3 significant digits below 100, whole numbers above. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 100) return Math.round(value).toLocaleString('en-US');
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function formatTarget(target: Target | undefined, unit: string): string {
  if (!target) return '';
  const parts = [];
  if (target.atLeast !== undefined) parts.push(`>= ${formatNumber(target.atLeast)} ${unit}`);
  if (target.atMost !== undefined) parts.push(`<= ${formatNumber(target.atMost)} ${unit}`);
  return parts.join(', ');
}

/** The results table: one row per figure, the target next to it, PASS/MISS (or `-` with no target). */
export function formatReport(outcomes: readonly BenchOutcome[]): string {
  const header = ['benchmark', 'metric', 'value', 'target', '', 'note'];
  const rows: string[][] = [];
  for (const outcome of outcomes) {
    if (outcome.error) rows.push([outcome.bench, 'CRASHED', '', '', 'ERROR', outcome.error]);
    for (const figure of outcome.figures) {
      rows.push([
        outcome.bench,
        figure.metric,
        `${formatNumber(figure.value)} ${figure.unit}`,
        formatTarget(figure.target, figure.unit),
        figure.target ? (meets(figure.value, figure.target) ? 'PASS' : 'MISS') : '-',
        figure.note ?? '',
      ]);
    }
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (column === 5 ? 0 : row[column]!.length))),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function countMisses(outcomes: readonly BenchOutcome[]): number {
  return outcomes.flatMap((o) => o.figures).filter((f) => f.target !== undefined && !meets(f.value, f.target))
    .length;
}

/** `--json`: one line per figure, the verdict spelled as in the table (null without a target). */
export function formatJsonLines(outcomes: readonly BenchOutcome[]): string[] {
  return outcomes.flatMap((outcome) => [
    ...(outcome.error ? [JSON.stringify({ benchmark: outcome.bench, error: outcome.error })] : []),
    ...outcome.figures.map((figure) =>
      JSON.stringify({
        benchmark: outcome.bench,
        metric: figure.metric,
        value: figure.value,
        unit: figure.unit,
        target: figure.target ?? null,
        verdict: figure.target ? (meets(figure.value, figure.target) ? 'PASS' : 'MISS') : null,
        note: figure.note ?? null,
      }),
    ),
  ]);
}

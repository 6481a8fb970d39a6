/**
 * `npm run report-bundle -w ui` (or `npx tsx scripts/report-bundle.ts [--dist DIR]` in ui/): builds
 * the UI, opens `/` in Chromium and prints what a visitor's browser fetched against the targets,
 * PASS or MISS (see measure-bundle.ts). Exits 1 on a MISS. `--dist DIR` measures an existing build.
 */
import { parseArgs } from 'node:util';
import { measureBundle, type Figure } from './measure-bundle.ts';

const { values } = parseArgs({ options: { dist: { type: 'string' } } });

const meets = ({ value, target }: Figure) =>
  !target ||
  ((target.atLeast === undefined || value >= target.atLeast) &&
    (target.atMost === undefined || value <= target.atMost));

const targetText = ({ target, unit }: Figure) =>
  !target ? '' : target.atMost !== undefined ? `<= ${target.atMost} ${unit}` : `>= ${target.atLeast} ${unit}`;

const figures = await measureBundle({
  dist: values.dist,
  log: (line) => process.stderr.write(`[report-bundle] ${line}\n`),
});
const rows = figures.map((figure) => [
  figure.metric,
  `${Number.isInteger(figure.value) ? figure.value : figure.value.toFixed(1)} ${figure.unit}`,
  targetText(figure),
  figure.target ? (meets(figure) ? 'PASS' : 'MISS') : '-',
  figure.note ?? '',
]);
const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows) {
  console.log(
    row
      .map((cell, column) => (column === 1 ? cell.padStart(widths[1]!) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}
process.exitCode = figures.every(meets) ? 0 : 1;

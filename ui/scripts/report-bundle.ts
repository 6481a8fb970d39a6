/**
 * Prints what `/` loads up front after `npx vite build`: the entry chunk and every chunk it
 * imports statically, gzipped. Exits 1 when the JavaScript exceeds the budget or when Leaflet,
 * Stripe or sweetalert2 end up in it. Run from ui/: `npx tsx scripts/report-bundle.ts`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

const budgetKb = 150;
const forbidden = /leaflet|stripe|sweetalert/i;

const chunkSchema = z.object({
  file: z.string(),
  isEntry: z.optional(z.boolean()),
  imports: z.optional(z.array(z.string())),
  dynamicImports: z.optional(z.array(z.string())),
  css: z.optional(z.array(z.string())),
});
const manifestSchema = z.record(z.string(), chunkSchema);

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')));

const gzippedKb = (file: string) => gzipSync(readFileSync(join(dist, file))).length / 1024;
const kb = (n: number) => `${n.toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry: run `npx vite build` first.');

// The entry and its static imports, transitively: what the browser fetches before the first paint.
const upFront = new Set<string>();
const visit = (key: string) => {
  if (upFront.has(key)) return;
  upFront.add(key);
  for (const next of manifest[key]?.imports ?? []) visit(next);
};
visit(entryKey);

let jsTotal = 0;
const css = new Set<string>();
console.log('Loaded up front by / (gzipped):');
for (const key of upFront) {
  const chunk = manifest[key]!;
  const size = gzippedKb(chunk.file);
  jsTotal += size;
  chunk.css?.forEach((file) => css.add(file));
  console.log(`  ${kb(size).padStart(9)}  ${chunk.file}  (${key})`);
}
const cssTotal = [...css].reduce((sum, file) => sum + gzippedKb(file), 0);
console.log(`  JavaScript total: ${kb(jsTotal)} (budget ${budgetKb} KB); CSS: ${kb(cssTotal)}`);

const deferred = manifest[entryKey]!.dynamicImports ?? [];
console.log('Split off (loaded on demand):');
for (const key of deferred) {
  const chunk = manifest[key];
  if (chunk) console.log(`  ${kb(gzippedKb(chunk.file)).padStart(9)}  ${chunk.file}  (${key})`);
}

const leaked = [...upFront].filter((key) => forbidden.test(key) || forbidden.test(manifest[key]!.file));
if (leaked.length) console.error(`Heavy code loaded up front: ${leaked.join(', ')}`);
if (jsTotal > budgetKb) console.error(`Over budget: ${kb(jsTotal)} > ${budgetKb} KB`);
process.exitCode = leaked.length || jsTotal > budgetKb ? 1 : 0;

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Vite's build manifest (`build.manifest: true`): each source module's chunk and what it imports.
 * (ui/scripts/measure-bundle.ts reads it too, with a schema of its own: the UI imports only events.)
 */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.optional(z.boolean()),
    imports: z.optional(z.array(z.string())),
    css: z.optional(z.array(z.string())),
  }),
);
export type BuildManifest = z.infer<typeof manifestSchema>;

/** The manifest of the build in `dist`, or null for a build without one. */
export function readBuildManifest(dist: string): BuildManifest | null {
  const path = join(dist, '.vite', 'manifest.json');
  return existsSync(path) ? manifestSchema.parse(JSON.parse(readFileSync(path, 'utf8'))) : null;
}

/** The manifest's key of the entry chunk (index.html), or undefined. */
export const entryOf = (manifest: BuildManifest) =>
  Object.keys(manifest).find((key) => manifest[key]!.isEntry);

/** `key` and every chunk it imports statically, transitively (the manifest's keys). */
export function staticImports(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) staticImports(manifest, next, seen);
  return seen;
}

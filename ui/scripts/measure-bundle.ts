import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, preview } from 'vite';
import { z } from 'zod';
import { visitPage, type Fetched } from './visit-page.ts';

/** One printed measurement, shaped like the benchmarks' figures so `npm run bench` can show it. */
export interface Figure {
  metric: string;
  value: number;
  unit: string;
  target?: { atLeast?: number; atMost?: number };
  note?: string;
}

const uiRoot = fileURLToPath(new URL('..', import.meta.url));
/** Our API token in storage: what makes the app treat a visit as a returning signed-in user's. */
const sessionStorageKey = 'access-token';
const heavy = /leaflet|stripe|sweetalert/i;

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.optional(z.boolean()),
    imports: z.optional(z.array(z.string())),
    css: z.optional(z.array(z.string())),
  }),
);

/**
 * The production build as a visitor's browser gets it: builds `ui/` into a temporary directory
 * (or takes `dist`), serves it with `vite preview`, opens `/` in Chromium as a visitor and as a
 * returning signed-in user, and measures the gzipped JavaScript and CSS fetched before the first
 * paint and whether the Firebase SDK's chunk was fetched (issue targets: <= 150 KB of JS, <= 30 KB
 * of CSS, no Firebase for a visitor). KB are 1,024 bytes, gzip at its default level.
 */
export async function measureBundle(options: { dist?: string; log?: (line: string) => void } = {}) {
  const log = options.log ?? (() => {});
  const dist = options.dist ?? mkdtempSync(join(tmpdir(), 'building-ui-'));
  try {
    if (!options.dist) {
      log(`building the UI into ${dist}`);
      await build({ root: uiRoot, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
    }
    const manifest = manifestSchema.parse(
      JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')),
    );
    const identityChunk = manifest['src/lib/firebase.ts']?.file;
    if (!identityChunk) throw new Error('The build has no chunk for src/lib/firebase.ts.');

    const server = await preview({
      root: uiRoot,
      logLevel: 'warn',
      build: { outDir: dist },
      preview: { port: 0, strictPort: false, host: '127.0.0.1' },
    });
    let visitor: Fetched[];
    let returning: Fetched[];
    try {
      const { port } = server.httpServer.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/`;
      log(`opening ${url} as a visitor, then as a returning signed-in user`);
      visitor = await visitPage(url);
      returning = await visitPage(
        url,
        { [sessionStorageKey]: 'a-token-from-an-earlier-visit' },
        `/${identityChunk}`,
      );
    } finally {
      await server.close();
    }

    const gzippedKb = (path: string) => gzipSync(readFileSync(join(dist, path))).length / 1024;
    // Files of the build only: a path the server made up or answered 404 has no size here.
    const ofKind = (fetched: Fetched[], kind: Fetched['kind']) =>
      fetched.filter((f) => f.kind === kind && existsSync(join(dist, f.path)));
    const sum = (fetched: Fetched[], kind: Fetched['kind']) =>
      ofKind(fetched, kind).reduce((total, f) => total + gzippedKb(f.path), 0);
    const count = (fetched: Fetched[], kind: Fetched['kind']) => ofKind(fetched, kind).length;
    const firstPaint = visitor.filter((f) => f.beforeFirstPaint);
    const fetchesIdentity = (fetched: Fetched[]) =>
      fetched.filter((f) => f.path === `/${identityChunk}`).length;
    const upFront = staticImportsOfEntry(manifest);

    const figures: Figure[] = [
      {
        metric: 'JS before first paint',
        value: sum(firstPaint, 'script'),
        unit: 'KB gzip',
        target: { atMost: 150 },
        note: `visitor's /, ${count(firstPaint, 'script')} files`,
      },
      {
        metric: 'CSS before first paint',
        value: sum(firstPaint, 'stylesheet'),
        unit: 'KB gzip',
        target: { atMost: 30 },
        note: `visitor's /, ${count(firstPaint, 'stylesheet')} files`,
      },
      {
        metric: 'JS until the network is quiet',
        value: sum(visitor, 'script'),
        unit: 'KB gzip',
        note: `visitor's /, ${count(visitor, 'script')} files`,
      },
      {
        metric: 'Firebase chunk, visitor',
        value: fetchesIdentity(visitor),
        unit: 'fetches',
        target: { atMost: 0 },
        note: `${identityChunk}, ${gzippedKb(identityChunk).toFixed(1)} KB gzip`,
      },
      {
        metric: 'Firebase chunk, signed in',
        value: fetchesIdentity(returning),
        unit: 'fetches',
        target: { atLeast: 1 },
        note: 'a returning user needs it for the session',
      },
      {
        metric: 'heavy modules up front',
        value: upFront.filter((key) => heavy.test(key) || heavy.test(manifest[key]!.file)).length,
        unit: 'chunks',
        target: { atMost: 0 },
        note: 'Leaflet, Stripe or sweetalert2 among the entry and its static imports',
      },
    ];
    return figures;
  } finally {
    if (!options.dist) rmSync(dist, { recursive: true, force: true });
  }
}

/** The entry chunk and everything it imports statically, transitively (the manifest's keys). */
function staticImportsOfEntry(manifest: z.infer<typeof manifestSchema>): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry.');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry);
  return [...seen];
}

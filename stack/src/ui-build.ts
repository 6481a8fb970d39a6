import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressUiFiles } from './ui-server/ui-files.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const uiRoot = join(repoRoot, 'ui');
export const uiDistDir = join(uiRoot, 'dist');
const stampFile = join(uiDistDir, '.build-stamp');

/** What the UI's build depends on: its sources, its config, the shared contracts, the lockfile. */
const inputs = [
  'ui/index.html',
  'ui/vite.config.ts',
  'ui/build',
  'ui/package.json',
  'ui/tsconfig.json',
  'ui/src',
  'ui/public',
  'events/src',
  'package-lock.json',
];

/** A hash of every input file's path and bytes: tests and e2e files don't change the bundle. */
export function uiSourceHash(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
      return;
    }
    if (/\.test\.tsx?$/.test(path)) return;
    hash.update(relative(repoRoot, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const input of inputs) visit(join(repoRoot, input));
  return hash.digest('hex');
}

/**
 * Runs `vite build` when the UI's sources changed since the last build (or there is none), so
 * `npm start` serves a production build without rebuilding at every start.
 */
export async function ensureUiBuild(log: (line: string) => void): Promise<'fresh' | 'built'> {
  const hash = uiSourceHash();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash) return 'fresh';
  log('building the UI for production (vite build)...');
  // As ui's `npm run build`: the browser's build, then the server's entry for the landing pages.
  await vite(['build', '--logLevel', 'warn']);
  await vite([
    'build',
    '--ssr',
    'src/prerender.tsx',
    '--outDir',
    'dist/.prerender',
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ]);
  precompressUiFiles(uiDistDir);
  writeFileSync(stampFile, `${hash}\n`);
  return 'built';
}

function vite(args: string[]): Promise<void> {
  const bin = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: uiRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`vite ${args.join(' ')} failed (${code}):\n${output.trim().slice(-3000)}`)),
    );
  });
}

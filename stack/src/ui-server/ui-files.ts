import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface UiFile {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  type: string;
  etag: string;
  /** Vite puts content-hashed files under assets/: they never change, so browsers keep them. */
  immutable: boolean;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/**
 * Every file of the production build, read once at start: the build is small, and a URL can only
 * ever name a file of this map (no path is joined onto the disk, so no traversal). Source maps,
 * dot files and the precompressed siblings (`.br`, `.gz`, see precompressUiFiles) stay private.
 */
export function loadUiFiles(distDir: string): Map<string, UiFile> {
  const files = new Map<string, UiFile>();
  for (const path of walk(distDir)) {
    const name = relative(distDir, path).split(sep).join('/');
    if (isPrivate(name) || /\.(map|br|gz)$/.test(name)) continue;
    const sibling = (suffix: string) => (existsSync(path + suffix) ? readFileSync(path + suffix) : undefined);
    files.set(`/${name}`, uiFile(name, readFileSync(path), { brotli: sibling('.br'), gzip: sibling('.gz') }));
  }
  return files;
}

/** Writes `.br` and `.gz` beside each compressible file, at the strongest levels, once per build. */
export function precompressUiFiles(distDir: string): void {
  for (const path of walk(distDir)) {
    if (isPrivate(relative(distDir, path))) continue;
    const body = readFileSync(path);
    if (!worthCompressing(path, body)) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  }
}

/** Dot files and folders (the build's manifest, its server entry) are the server's, not the browser's. */
const isPrivate = (name: string) => name.split(/[\\/]/).some((part) => part.startsWith('.'));

const worthCompressing = (name: string, body: Buffer) =>
  compressible.has(extname(name).toLowerCase()) && body.length > 512;

/** A file to serve; one not precompressed is compressed here, quickly (run-time files are small). */
export function uiFile(
  name: string,
  body: Buffer,
  precompressed: { brotli?: Buffer; gzip?: Buffer } = {},
): UiFile {
  const worth = worthCompressing(name, body);
  return {
    body,
    gzip: precompressed.gzip ?? (worth ? gzipSync(body) : undefined),
    brotli:
      precompressed.brotli ??
      (worth ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : undefined),
    type: types[extname(name).toLowerCase()] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    immutable: name.startsWith('assets/'),
  };
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

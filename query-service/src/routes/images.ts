import Router from '@koa/router';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseInput } from '@building/events/parse-input';
import { notFound } from '@building/infra/http/problem';
import { safeText } from '@building/infra/http/safe-text';
import type { QueryDeps } from '../query-deps.ts';

const types: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
// A plain file name: no separators, no dot-segments, a known image extension.
const fileName = safeText.regex(
  /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(svg|png|jpe?g|webp)$/,
  'not an image file name',
);

/** GET /images/apartments/:file: the seeded apartment images. */
export function imageRoutes(deps: QueryDeps): Router {
  return new Router().get('/images/apartments/:file', async (ctx) => {
    const file = parseInput(fileName, (ctx.params as Record<string, string>).file, 'file');
    const path = join(deps.imagesDir, file);
    const found = await stat(path).catch(() => null);
    if (!found?.isFile()) throw notFound(`no image ${file}`);
    ctx.type = types[file.slice(file.lastIndexOf('.') + 1).toLowerCase()]!;
    ctx.length = found.size;
    ctx.set('Cache-Control', 'public, max-age=3600');
    // An SVG opened directly must not run scripts.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    ctx.body = createReadStream(path);
  });
}

import Router from '@koa/router';
import multer from '@koa/multer';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { badRequest, HttpProblem, notFound } from '@building/infra/http/problem';
import { signedIn } from '../http/current-caller.ts';
import { rateLimit } from '@building/infra/rate-limit/rate-limit';
import { idField } from '../http/fields.ts';
import type { AppDeps } from '../command-deps.ts';
import { imageTypeOf } from './image-type.ts';

export const maxImageBytes = 5 * 1024 * 1024;

const idPath = z.object({ id: idField });

/**
 * Profile photos and apartment images. Sign-up uploads the photo before the user is recorded, so any
 * signed-in caller may upload (rate limited); the answer has the image-host shape the spec's UI reads.
 */
export function imageRoutes(deps: AppDeps): Router {
  const router = new Router();
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxImageBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  }).single('image');

  router.post(
    '/images',
    async (ctx, next) => {
      await signedIn(ctx, deps);
      await next();
    },
    rateLimit(
      deps.rateLimiter,
      deps.rateLimits.uploads,
      async (ctx) => `upload:${(await signedIn(ctx, deps)).email}`,
    ),
    multipart(upload),
    async (ctx) => {
      const file = (ctx as Context & { file?: { buffer: Buffer } }).file;
      if (!file)
        throw badRequest('send the image as the multipart field "image"', [
          { field: 'image', message: 'required' },
        ]);
      const contentType = imageTypeOf(file.buffer);
      if (!contentType)
        throw badRequest('the image must be a PNG, JPEG, WebP or GIF', [
          { field: 'image', message: 'not a PNG, JPEG, WebP or GIF' },
        ]);
      const id = deps.newId();
      await deps.store.db('images').insert({
        id,
        content_type: contentType,
        bytes: file.buffer,
        created_at: deps.clock(),
        uploaded_by: (await signedIn(ctx, deps)).email,
      });
      ctx.body = { data: { display_url: `${deps.publicUrl.replace(/\/$/, '')}/images/${id}` } };
    },
  );

  router.get('/images/:id', async (ctx) => {
    const parsed = idPath.safeParse(ctx.params);
    if (!parsed.success) throw notFound('no such image');
    const row = await deps.store.db('images').where({ id: parsed.data.id }).first('content_type', 'bytes');
    if (!row) throw notFound('no such image');
    ctx.type = row.content_type;
    // An image never changes under its id.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.body = row.bytes;
  });

  return router;
}

/** Multer's failures are the client's: too big is 413, anything malformed 400. */
function multipart(upload: (ctx: Context, next: Next) => Promise<unknown>) {
  return async function parseMultipart(ctx: Context, next: Next) {
    try {
      await upload(ctx, async () => {});
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE')
        throw new HttpProblem(
          413,
          'Content Too Large',
          `the image is larger than ${maxImageBytes / 1024 / 1024} MB`,
        );
      throw badRequest(`malformed upload: ${(error as Error).message}`, [
        { field: 'image', message: String(code ?? 'malformed') },
      ]);
    }
    await next();
  };
}

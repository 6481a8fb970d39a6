import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressUiFiles } from './ui-files.ts';
import type { RunningUiServer } from './ui-server.ts';
import { rawRequest, startTestUiServer } from './testing/ui-test-server.ts';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
let dist: string;
let ui: RunningUiServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'building-ui-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><head><title>Building</title></head><body><div id="root"></div>' +
      '<script type="application/json" id="building-config">{}</script></body>',
  );
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'main-abc123.js.map'), '{"sources":["secret source"]}');
  // The build's chunk graph: the listing's route imports one chunk of its own and one the entry has.
  const manifest = {
    'index.html': { file: 'assets/main-abc123.js', isEntry: true, imports: ['_shared-1.js'] },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    'src/features/apartments/routes/apartments-route.tsx': {
      file: 'assets/apartments-route-2.js',
      isDynamicEntry: true,
      imports: ['_shared-1.js', '_cards-3.js', 'index.html'],
    },
    '_cards-3.js': { file: 'assets/cards-3.js', imports: ['_shared-1.js'] },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  precompressUiFiles(dist);
  ui = await startTestUiServer(dist);
});

afterAll(async () => {
  await ui?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(ui.url, path, headers, method);

describe('the UI server', () => {
  it('serves index.html with the security headers', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('<div id="root">');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:4001 http:\/\/127\.0\.0\.1:4002/);
    expect(csp).toContain("object-src 'none'");
    // Apartment photos are served by the query-service: without its origin every photo is broken.
    expect(csp).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:4002/);
  });

  const preconnect =
    '<http://127.0.0.1:4002>; rel=preconnect; crossorigin, <http://127.0.0.1:4002>; rel=preconnect';
  const listingChunks =
    '</assets/apartments-route-2.js>; rel=modulepreload; crossorigin, </assets/cards-3.js>; rel=modulepreload; crossorigin';

  it("answers the app's routes with index.html (SPA fallback)", async () => {
    for (const path of ['/apartment', '/dashboard/payments', '/dashboard/make-payment/3?month=May']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.toString(), path).toContain('<div id="root">');
      // The listing's fetch and its photos find their connections to the query-service open.
      expect(String(answer.headers.link).startsWith(preconnect), path).toBe(true);
    }
    expect((await get('/assets/main-abc123.js')).headers.link).toBeUndefined();
  });

  it("links the listing's own chunks and its first page ahead, on the listing only", async () => {
    expect((await get('/apartment')).headers.link).toBe(
      `${preconnect}, ${listingChunks}, <http://127.0.0.1:4002/apartment?page=0>; rel=preload; as=fetch; crossorigin`,
    );
    // Another page of the listing reads another page: its chunks only.
    expect((await get('/apartment?page=3')).headers.link).toBe(`${preconnect}, ${listingChunks}`);
    for (const path of ['/', '/dashboard/payments'])
      expect((await get(path)).headers.link, path).toBe(preconnect);
  });

  it("starts the listing's first read from the page's head, a script the policy allows by its hash", async () => {
    const listing = await get('/apartment', { 'accept-encoding': 'br' });
    const html = brotliDecompressSync(listing.body).toString();
    const [, attributes, text] = /<script ([^>]*)>([^<]*)<\/script>\s*<title>/.exec(html) ?? [];
    expect(attributes).toBe(
      'data-read="http://127.0.0.1:4002/apartment?page=0" data-base="http://127.0.0.1:4002"',
    );
    const scriptSources = String(listing.headers['content-security-policy'])
      .split('; ')
      .find((directive) => directive.startsWith('script-src '))
      ?.split(' ');
    expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
    expect(scriptSources).not.toContain("'unsafe-inline'");
    // Another page of the listing, or another page, reads nothing early.
    for (const path of ['/', '/apartment?page=3', '/dashboard/payments'])
      expect((await get(path)).body.toString(), path).not.toContain('<script data-read');
  });

  it('caches hashed assets for a year, compressed as the browser accepts', async () => {
    const br = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/assets/main-abc123.js');
    const again = await get('/assets/main-abc123.js', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('writes the run-time settings into the page, a data block nothing has to fetch', async () => {
    for (const path of ['/', '/apartment', '/dashboard/payments']) {
      const [, settings] =
        /<script type="application\/json" id="building-config">([^<]*)<\/script>/.exec(
          (await get(path)).body.toString(),
        ) ?? [];
      expect(JSON.parse(settings!), path).toEqual({
        VITE_COMMAND_URL: 'http://127.0.0.1:4001',
        VITE_QUERY_URL: 'http://127.0.0.1:4002',
      });
    }
  });

  it('keeps source maps, dot files, precompressed copies and anything outside the build private', async () => {
    for (const path of [
      '/assets/main-abc123.js.map',
      '/assets/main-abc123.js.br',
      '/.vite/manifest.json',
      '/assets/missing-123.js',
      '/../../etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/@fs/etc/passwd?raw',
      '/.data/secrets/jwt-secret',
      '/%00',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).not.toContain('root:');
    }
  });

  it('answers 405 to anything but GET and HEAD', async () => {
    expect((await get('/', {}, 'POST')).status).toBe(405);
    const head = await get('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });
});

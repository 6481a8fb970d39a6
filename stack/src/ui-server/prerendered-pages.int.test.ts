import { createServer } from 'node:http';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOf, prerenderDir } from './prerendered-pages.ts';
import type { RunningUiServer } from './ui-server.ts';
import { rawRequest, startTestUiServer } from './testing/ui-test-server.ts';

/**
 * The UI server with a server build of the landing pages: a stand-in for ui/src/prerender.tsx
 * that draws what it was asked, fails as asked (a read that failed, threw, or hangs), and reports
 * the settings the app would read.
 */
const standIn = `
export const prerenderedPaths = ['/', '/apartment'];
export const prerenderedStateId = 'prerendered-state';
export const prerenderedLanguageAttribute = 'data-prerendered';
export async function prerender(path, search, language) {
  if (search === 'page=9') return null;
  if (search === 'throw') throw new Error('the read failed');
  if (search === 'hang') return new Promise(() => {});
  return {
    html: '<p>' + path + '?' + search + ' in ' + language + ' from ' + globalThis.__BUILDING_CONFIG__.VITE_QUERY_URL + '</p>',
    state: { queries: [{ text: "</script><script>alert(1)</script> $& $' $1" }] },
  };
}
`;

let dist: string;
let ui: RunningUiServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'building-ui-drawn-'));
  mkdirSync(join(dist, prerenderDir));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Building</title>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-1.css'), 'body{color:#123}');
  writeFileSync(join(dist, prerenderDir, 'prerender.js'), standIn);
  ui = await startTestUiServer(dist);
});

afterAll(async () => {
  await ui?.stop();
  rmSync(dist, { recursive: true, force: true });
});

async function get(path: string, headers: Record<string, string> = {}) {
  const { status, headers: answered, body } = await rawRequest(ui.url, path, headers);
  const html = answered['content-encoding'] === 'br' ? brotliDecompressSync(body) : body;
  return { status, headers: answered, html: html.toString() };
}

describe('the landing pages drawn by the UI server', () => {
  it('serves /apartment drawn, with its reads in a data block no text in it can close', async () => {
    const page = await get('/apartment', { 'accept-encoding': 'gzip, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain(
      '<div id="root" data-prerendered="en"><p>/apartment? in en from http://127.0.0.1:4002</p></div>',
    );
    const [, state] = /<script type="application\/json" id="prerendered-state">(.*?)<\/script>/.exec(
      page.html,
    )!;
    expect(JSON.parse(state!)).toEqual({
      queries: [{ text: "</script><script>alert(1)</script> $& $' $1" }],
    });
    // The reads are in the page: nothing is read early, from the head or by a Link.
    expect(page.html).not.toContain('data-read=');
    expect(String(page.headers.link)).not.toContain('as=fetch');
    expect(page.headers['content-security-policy']).toBeDefined();
    // Painted with the HTML: its stylesheet comes in it.
    expect(page.html).toContain('<title>Building</title><style>body{color:#123}</style></head>');
  });

  it("draws in the reader's language: the remembered choice, else the browser's first we have", async () => {
    expect((await get('/', { cookie: 'theme=dark; language=bn' })).html).toContain('<html lang="bn">');
    expect((await get('/', { 'accept-language': 'fr-FR, bn;q=0.8, en;q=0.5' })).html).toContain(
      'data-prerendered="bn"><p>/? in bn',
    );
    expect((await get('/', { cookie: 'language=en', 'accept-language': 'bn' })).html).toContain(
      '<html lang="en">',
    );
  });

  it('leaves the page to the browser when it cannot be drawn in time, as before', async () => {
    for (const search of ['page=9', 'throw', 'hang']) {
      const page = await get(`/apartment?${search}`);
      expect(page.status, search).toBe(200);
      expect(page.html, search).toContain('<div id="root"></div>');
      expect(page.html, search).not.toContain('prerendered');
      expect(page.html, search).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    }
    // Any other route is the browser's to draw; the server's build itself is never served.
    expect((await get('/dashboard/payments')).html).toContain('<div id="root"></div>');
    expect((await get(`/${prerenderDir}/prerender.js`)).status).toBe(404);
  });
});

describe('a UI server that reaches the query-service at another address than the browser', () => {
  it("reads the landing pages from there, and draws them with the browser's addresses", async () => {
    const query = createServer((req, res) => res.end(`read ${req.url ?? ''} here`));
    query.listen(0, '127.0.0.1');
    await once(query, 'listening');
    const address = query.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const other = mkdtempSync(join(tmpdir(), 'building-ui-drawn-'));
    mkdirSync(join(other, prerenderDir));
    writeFileSync(join(other, 'index.html'), '<html lang="en"><body><div id="root"></div></body></html>');
    writeFileSync(
      join(other, prerenderDir, 'prerender.js'),
      `export const prerenderedPaths = ['/apartment'];
export const prerenderedStateId = 'state';
export const prerenderedLanguageAttribute = 'data-prerendered';
export async function prerender() {
  const { VITE_QUERY_URL: base, UI_SERVER_QUERY_URL: reads = base } = globalThis.__BUILDING_CONFIG__;
  const text = await (await fetch(reads.replace(/\\/+$/, '') + '/apartment?page=0')).text();
  return { html: '<p>' + text + ', photos at ' + base + '</p>', state: {} };
}`,
    );
    const behind = await startTestUiServer(other, {
      config: { VITE_QUERY_URL: 'http://query.example:4002' },
      queryUrlFromHere: `http://127.0.0.1:${port}/`,
    });
    try {
      const page = await (await fetch(`${behind.url}/apartment`)).text();
      expect(page).toContain('<p>read /apartment?page=0 here, photos at http://query.example:4002</p>');
    } finally {
      await behind.stop();
      query.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('languageOf', () => {
  it('reads the language cookie first, then Accept-Language, then says English', () => {
    expect(languageOf({ headers: { cookie: 'language=bn' } })).toBe('bn');
    expect(languageOf({ headers: { cookie: 'language=fr', 'accept-language': 'bn-BD,bn' } })).toBe('bn');
    expect(languageOf({ headers: { 'accept-language': 'de, EN-gb;q=0.9' } })).toBe('en');
    expect(languageOf({ headers: {} })).toBe('en');
  });
});

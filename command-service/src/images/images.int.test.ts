import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageForm, tinyPng } from '../testing/sample-images.ts';
import { startTestService, type TestService } from '../testing/test-service.ts';
import { maxImageBytes } from './api.ts';

describe('image uploads', () => {
  let t: TestService;
  let token: string;
  beforeAll(async () => {
    t = await startTestService();
    // Sign-up uploads before the user is recorded: a token is enough.
    token = await t.tokenFor('newcomer@building.test');
  });
  afterAll(() => t.close());

  it('stores a PNG and serves it back from its display_url, cacheable and not sniffable', async () => {
    const reply = await t.call('POST', '/images', { token, raw: imageForm() });
    expect(reply.status).toBe(200);
    const url: string = reply.body.data.display_url;
    expect(url).toMatch(/^http:\/\/command\.test\/images\/[0-9a-f-]{36}$/);
    const served = await fetch(`${t.url}${new URL(url).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Buffer.from(await served.arrayBuffer()).equals(tinyPng)).toBe(true);
  });

  it('judges the type by the bytes, not by the declared type', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const reply = await t.call('POST', '/images', { token, raw: imageForm(html, 'image/png') });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].field).toBe('image');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await t.call('POST', '/images', { token, raw: imageForm(svg, 'image/svg+xml') })).status).toBe(
      400,
    );
  });

  it('refuses more than 5 MB with 413', async () => {
    const big = Buffer.concat([tinyPng, Buffer.alloc(maxImageBytes)]);
    const reply = await t.call('POST', '/images', { token, raw: imageForm(big) });
    expect(reply.status).toBe(413);
    expect(reply.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('refuses a missing file, another field, a non-multipart body and anonymous callers', async () => {
    expect((await t.call('POST', '/images', { token, raw: new FormData() })).status).toBe(400);
    expect(
      (await t.call('POST', '/images', { token, raw: imageForm(tinyPng, 'image/png', 'photo') })).status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/images', { token, body: { image: 'data:image/png;base64,AAAA' } })).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/images', {
          token,
          raw: '--x\r\nbroken',
          contentType: 'multipart/form-data; boundary=x',
        })
      ).status,
    ).toBe(400);
    expect((await t.call('POST', '/images', { raw: imageForm() })).status).toBe(401);
  });
});

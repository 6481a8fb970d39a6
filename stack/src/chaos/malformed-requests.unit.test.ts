import { describe, expect, it } from 'vitest';
import { malformedRequests, requestKey } from './malformed-requests.ts';

const tokens = ['admin-token', 'user-token'];

/** `npm run chaos --size full` sends 10,000: the generator must keep finding new ones. */
describe('the fuzz generator', () => {
  const requests = malformedRequests(15, 10_000, tokens);

  it('draws 10,000 distinct requests from one seed, the same ones again from it', () => {
    expect(new Set(requests.map(requestKey)).size).toBe(10_000);
    expect(malformedRequests(15, 200, tokens)).toEqual(requests.slice(0, 200));
  });

  it('sends deep nesting, the path in another case or with a trailing slash, and broken percent-escapes', () => {
    const bare = (path: string) => path.split('?')[0]!;
    const count = (holds: (r: (typeof requests)[number]) => boolean) => requests.filter(holds).length;
    expect(
      count((r) => /^(\[{200}|\{"a":\{"a":)/.test(r.body?.replace(/^\{"\w+":/, '') ?? '')),
    ).toBeGreaterThan(100);
    expect(count((r) => (r.body ?? '').includes('['.repeat(16_000)))).toBeGreaterThan(10);
    expect(
      count((r) => /[A-Z]/.test(bare(r.path)) && !/[a-z]/.test(bare(r.path).slice(1, 3))),
    ).toBeGreaterThan(50);
    expect(count((r) => bare(r.path).length > 1 && bare(r.path).endsWith('/'))).toBeGreaterThan(200);
    // A % not followed by two hex digits anywhere in the address.
    expect(count((r) => /%(?![0-9A-Fa-f]{2})/.test(r.path))).toBeGreaterThan(200);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { refusalCodes, refusalOfType, problemTypeOf } from '@building/events/refusals';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('the refusal codes', () => {
  it('are each documented, once, in the README table (and nothing else is)', () => {
    const documented = [...readme.matchAll(/^\| `([a-z-]+)` \| \d{3} \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...refusalCodes].sort());
  });

  it('round-trip through their problem type, relative or resolved against a service', () => {
    for (const code of refusalCodes) {
      expect(refusalOfType(problemTypeOf(code))).toBe(code);
      expect(refusalOfType(new URL(problemTypeOf(code), 'http://127.0.0.1:4001').href)).toBe(code);
    }
    expect(refusalOfType('about:blank')).toBeNull();
    expect(refusalOfType('/problems/no-such-rule')).toBeNull();
  });
});

const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A small seeded generator (mulberry32): the same seed gives the same history. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Hex by byte table: Number#toString(16) was the generator's hottest call.
  const word = () => {
    const n = (next() * 4294967296) >>> 0;
    return hex[n >>> 24]! + hex[(n >>> 16) & 255]! + hex[(n >>> 8) & 255]! + hex[n & 255]!;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    /** An integer in [0, n). */
    below: (n: number) => Math.floor(next() * n),
    /** An integer in [min, max]. */
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
    chance: (p: number) => next() < p,
    /** A version-4 shaped uuid. */
    uuid: () => {
      const [a, b, c, d] = [word(), word(), word(), word()];
      const variant = '89ab'[Math.floor(next() * 4)];
      return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
    },
  };
}
export type SeededRandom = ReturnType<typeof seededRandom>;

/**
 * What an upload really is, from its first bytes (the declared type is the client's word).
 * SVG is deliberately absent: it is a document that can carry scripts.
 */
const signatures: Array<{ type: string; matches: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { type: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
];

export function imageTypeOf(bytes: Buffer): string | null {
  return signatures.find((s) => s.matches(bytes))?.type ?? null;
}

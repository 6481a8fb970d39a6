/**
 * The text shown on an uncompressed pdfkit document, in drawing order (for tests and support
 * tools). pdfkit writes text as hex strings in TJ arrays: a standard font's as Latin-1 bytes, an
 * embedded font's as 2-byte glyph ids that the font's ToUnicode map turns back into characters
 * (for Bengali, in the order the glyphs are drawn: a vowel sign drawn before its consonant comes
 * first).
 */
export function pdfPageText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const m of source.matchAll(/(\d+) 0 obj\s([\s\S]*?)\sendobj/g)) objects.set(m[1]!, m[2]!);

  const fonts = new Map<string, Map<number, string> | null>();
  for (const body of objects.values())
    for (const resources of body.matchAll(/\/Font\s*<<([^>]*)>>/g))
      for (const [, name, ref] of resources[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g))
        fonts.set(name!, toUnicodeOf(objects, objects.get(ref!) ?? ''));

  let font: Map<number, string> | null = null;
  let text = '';
  for (const m of source.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (m[1] !== undefined) {
      font = fonts.get(m[1]) ?? null;
      continue;
    }
    const hex = [...m[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!).join('');
    if (!font) text += Buffer.from(hex, 'hex').toString('latin1');
    else
      for (let i = 0; i + 4 <= hex.length; i += 4) text += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
  }
  return text;
}

/** An embedded font's glyph id -> text, from its ToUnicode CMap (bfrange arrays and bfchar pairs). */
function toUnicodeOf(objects: Map<string, string>, fontBody: string): Map<number, string> | null {
  const ref = /\/ToUnicode (\d+) 0 R/.exec(fontBody)?.[1];
  if (!ref) return null;
  const cmap = objects.get(ref) ?? '';
  const map = new Map<number, string>();
  // A glyph drawn for several characters (a conjunct) maps to all of them: `<0997 09c1>`.
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');
  for (const [, start, list] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g)) {
    [...list!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((u, i) =>
      map.set(parseInt(start!, 16) + i, utf16(u[1]!)),
    );
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, glyph, u] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g))
      map.set(parseInt(glyph!, 16), utf16(u!));
  return map;
}

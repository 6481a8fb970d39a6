import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const resolve = createRequire(import.meta.url).resolve;
const bengaliFile = (weight: 400 | 700) =>
  resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff`);

/** The Bengali letters, digits and taka sign, embedded (subset) in every receipt that uses them. */
let bengali: { regular: Buffer; bold: Buffer } | undefined;
export function bengaliFonts(): { regular: Buffer; bold: Buffer } {
  bengali ??= { regular: readFileSync(bengaliFile(400)), bold: readFileSync(bengaliFile(700)) };
  return bengali;
}

/** Bengali script (letters, digits, ৳, the dandas and the joiners), spaces between its words included. */
const bengaliRun =
  /[\u0964\u0965\u0980-\u09ff\u200c\u200d]+(?:\s+[\u0964\u0965\u0980-\u09ff\u200c\u200d]+)*/g;

/**
 * A line cut into runs of one script each: the Bengali font has no Latin letters or punctuation,
 * and the standard Latin font has no Bengali, so each run is drawn with its own.
 */
export function scriptRuns(text: string): Array<{ text: string; bengali: boolean }> {
  const runs: Array<{ text: string; bengali: boolean }> = [];
  let at = 0;
  for (const match of text.matchAll(bengaliRun)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), bengali: false });
    runs.push({ text: match[0], bengali: true });
    at = match.index + match[0].length;
  }
  if (at < text.length || runs.length === 0) runs.push({ text: text.slice(at), bengali: false });
  return runs;
}

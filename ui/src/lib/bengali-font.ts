import bengaliLetters from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';

/** The Bengali block (letters, digits, the taka sign ৳) and the marks Bangla text joins with. */
const bengaliRange = 'U+0951-0952, U+0964-0965, U+0980-09FE, U+200C-200D, U+25CC';

/**
 * The app's Bengali font, for the Bengali characters only: many devices have no Bengali font, and
 * the stack in styles.css names it first so those characters never go to the system's fallback.
 * (Last in the stack, Chromium drew words laid out before it loaded with a Latin font's empty
 * boxes, for good: on the "বাংলা" switch, a taka sign, or a Bangla page.) Downloaded only when
 * a page shows a Bengali character.
 */
export function registerBengaliFont(): void {
  if (typeof document === 'undefined' || !('fonts' in document) || typeof FontFace === 'undefined') return;
  document.fonts.add(
    new FontFace('Noto Sans Bengali', `url(${bengaliLetters}) format('woff2')`, {
      unicodeRange: bengaliRange,
      display: 'swap',
    }),
  );
}

/**
 * Waits (at most `patience` ms) until the Bengali font is there, so Bangla is drawn once, in its
 * font: switching to Bangla, and before a Bangla reader's first page.
 */
export function bengaliFontReady(patience = 3000): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const loaded = document.fonts.load('1em "Noto Sans Bengali"', 'বাংলা ৳').then(
    () => undefined,
    () => undefined, // no font is no reason to refuse the language
  );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, patience))]);
}

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

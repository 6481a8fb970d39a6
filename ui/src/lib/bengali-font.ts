/**
 * Waits (at most `patience` ms) until the app's Bengali font has both subsets that Bangla pages
 * draw with: the Bengali letters and, as most devices have none of the fonts before it in our
 * stack, the Latin one (spaces, digits, Latin words). Switching to Bangla while a subset still
 * loads left words drawn as empty boxes until the page was laid out again.
 */
export function bengaliFontReady(patience = 3000): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const loaded = document.fonts.load('1em "Noto Sans Bengali"', 'Aa 1 বাংলা ৳').then(
    () => undefined,
    () => undefined, // no font is no reason to refuse the language
  );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, patience))]);
}

const poishaPerTaka = 100;

/** Taka text for people: `Tk 10,493.25` (pdfkit's standard fonts have no Taka sign). */
export function formatTaka(poisha: number): string {
  const taka = Math.floor(poisha / poishaPerTaka).toLocaleString('en-US');
  const rest = poisha % poishaPerTaka;
  return `Tk ${taka}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** The first amount a page writes in taka ('৳ 26,000.50') as a number; NaN when there is none. */
export function takaOf(text: string | null): number {
  const figure = /৳\s*([\d,]+(?:\.\d+)?)/.exec(text ?? '')?.[1];
  return figure === undefined ? Number.NaN : Number(figure.replaceAll(',', ''));
}

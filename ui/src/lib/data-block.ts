/** The JSON in the page's data block `id` (a `<script type="application/json">`), or null: none there, or not JSON. */
export function readDataBlock<T>(id: string): T | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

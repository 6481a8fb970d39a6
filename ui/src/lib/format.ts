const taka = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 12000 -> '৳ 12,000' */
export const formatTaka = (amount: number): string => `৳ ${taka.format(amount)}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** A request or acceptance date as dd/mm/yy, in the reader's time zone. Accepts ms or an ISO string. */
export function formatShortDate(value: number | string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)}`;
}

/** A payment time (unix seconds) as YYYY-MM-DD HH:mm:ss in UTC. */
export function formatUtcDateTime(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

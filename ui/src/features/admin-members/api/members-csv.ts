import type { Member } from './get-members.ts';

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ cannot start a formula. */
const field = (value: string) => {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The members as a spreadsheet reads them: name, email, apartments, balance in taka (2 decimals). */
export function membersCsv(members: readonly Member[]): string {
  const lines = [
    ['name', 'email', 'apartments', 'balance_taka'],
    ...members.map((m) => [m.name, m.email, m.apartments.join(' '), (m.balancePoisha / 100).toFixed(2)]),
  ];
  return `${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;
}

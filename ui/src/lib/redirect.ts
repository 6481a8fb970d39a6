/** Where to go after signing in: the `?from=` origin when it is a path of ours, else home. */
export function redirectTarget(search: string): string {
  const from = new URLSearchParams(search).get('from');
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return /^\/(login|signup)\b/i.test(from) ? '/' : from;
}

/** The login page, remembering where the user was (home needs no reminder). */
export const loginPath = (from: string): string =>
  from === '/' || from === '' ? '/login' : `/login?from=${encodeURIComponent(from)}`;

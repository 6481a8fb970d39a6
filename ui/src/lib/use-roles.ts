import { queryOptions, useQuery } from '@tanstack/react-query';
import { query } from './api-client.ts';

/** Every role query lives under this key, so signing out can drop them all. */
export const rolesKey = ['roles'] as const;

const roleChecks = {
  admin: { path: 'admin', field: 'admin' },
  member: { path: 'member', field: 'member' },
  user: { path: 'users', field: 'user' },
} as const;

export type Role = keyof typeof roleChecks;

/** GET /user/{admin|member|users}/:email -> { admin | member | user: boolean } */
export async function getRoleFlag(role: Role, email: string, signal?: AbortSignal): Promise<boolean> {
  const { path, field } = roleChecks[role];
  const body = await query(`/user/${path}/${encodeURIComponent(email)}`, { signal });
  const { roleFlag } = await import('./api-shapes.ts');
  return roleFlag(field).parse(body)[field] === true;
}

export const roleQueryOptions = (role: Role, email: string | null | undefined) =>
  queryOptions({
    queryKey: [...rolesKey, role, email ?? ''],
    queryFn: ({ signal }) => getRoleFlag(role, email ?? '', signal),
    enabled: Boolean(email),
    staleTime: 60_000,
  });

export interface Roles {
  isAdmin: boolean;
  isMember: boolean;
  isUser: boolean;
  /** True while any of the three checks is still unanswered for a signed-in email. */
  isLoading: boolean;
  isError: boolean;
  /** The first failed check's error, if any. */
  error: Error | null;
  /** Asks the server again (a Try again after a failure). */
  refetch: () => Promise<unknown>;
}

/** The signed-in user's roles, as the server decides them. Visitors (no email) have none. */
export function useRoles(email: string | null | undefined): Roles {
  const admin = useQuery(roleQueryOptions('admin', email));
  const member = useQuery(roleQueryOptions('member', email));
  const user = useQuery(roleQueryOptions('user', email));
  const checks = [admin, member, user];
  return {
    isAdmin: admin.data === true,
    isMember: member.data === true,
    isUser: user.data === true,
    isLoading: Boolean(email) && checks.some((c) => c.isPending),
    isError: checks.some((c) => c.isError),
    error: checks.find((c) => c.error)?.error ?? null,
    refetch: () => Promise.all(checks.map((c) => c.refetch())),
  };
}

import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Spinner } from '../../../components/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useRoles } from '../../../lib/use-roles.ts';

/** Admin pages for admins, member pages for members; anyone else goes to /login. */
export function RequireRole({ role, children }: { role: 'admin' | 'member'; children: ReactNode }) {
  const { user } = useAuth();
  const roles = useRoles(user?.email);
  if (roles.isLoading) return <Spinner label="Checking your access…" />;
  const allowed = role === 'admin' ? roles.isAdmin : roles.isMember;
  return allowed ? children : <Redirect to="~/login" replace />;
}

import { Redirect } from 'wouter';
import type { Roles } from '../../../lib/use-roles.ts';

/** The profile page of the user's highest role: where /dashboard itself leads. */
export const profilePathFor = (roles: Pick<Roles, 'isAdmin' | 'isMember'>): string =>
  roles.isAdmin ? '/adminProfile' : roles.isMember ? '/memberProfile' : '/userProfile';

export function RoleHome({ roles }: { roles: Roles }) {
  return <Redirect to={profilePathFor(roles)} replace />;
}

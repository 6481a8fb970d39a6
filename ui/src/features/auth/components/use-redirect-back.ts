import { useLocation, useSearch } from 'wouter';
import { redirectTarget } from '../../../lib/redirect.ts';

/** After signing in: back to the `?from=` page, else home. Also the query to carry between the forms. */
export function useRedirectBack(): { target: string; search: string; goBack: () => void } {
  const search = useSearch();
  const [, navigate] = useLocation();
  const target = redirectTarget(search);
  return { target, search: search ? `?${search}` : '', goBack: () => navigate(target, { replace: true }) };
}

import { useAuth } from './auth.tsx';
import { useLiveViews } from './use-live-views.ts';

/** Keeps every open screen live, for visitors and the signed-in alike (see useLiveViews). */
export function LiveViews() {
  const { user, loading } = useAuth();
  useLiveViews(loading ? undefined : (user?.uid ?? null));
  return null;
}

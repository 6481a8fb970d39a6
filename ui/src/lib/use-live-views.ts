import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod/mini';
import { getAccessToken } from './access-token.ts';
import { env } from './env.ts';
import { rolesKey } from './use-roles.ts';
import { isViewName, viewKey } from './view-keys.ts';

const changeSchema = z.object({ view: z.string(), position: z.number() });

/** Views a role check reads from: a change may make the user a member, or a user again. */
const roleViews = new Set(['users', 'members', 'member-apartments']);

const reconnectAfterMs = 5000;

/**
 * GET <query>/events/stream[?access_token=]: the query-service says which view changed; the queries
 * reading that view are invalidated, so open screens refresh without a reload. Everyone listens:
 * visitors hear of the public views (an apartment booked), signed-in people of their own too.
 * EventSource cannot send headers, hence the token in the address. `session` changes (sign-in,
 * sign-out) reopen the stream with the right token; undefined (not known yet) opens nothing.
 */
export function useLiveViews(session: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (session === undefined || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const onMessage = (message: MessageEvent<string>) => {
      let change: z.infer<typeof changeSchema>;
      try {
        change = changeSchema.parse(JSON.parse(message.data));
      } catch {
        return; // not a view change (a comment, a keep-alive): nothing to refresh
      }
      if (isViewName(change.view)) void queryClient.invalidateQueries({ queryKey: viewKey(change.view) });
      if (roleViews.has(change.view)) void queryClient.invalidateQueries({ queryKey: rolesKey });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    };

    const open = () => {
      if (stopped) return;
      const token = session ? getAccessToken() : null;
      const query = token ? `?access_token=${encodeURIComponent(token)}` : '';
      source = new EventSource(`${env.queryUrl}/events/stream${query}`);
      source.addEventListener('message', onMessage);
      source.addEventListener('error', () => {
        // The browser retries a dropped stream itself; a refused one (e.g. an expired token) is closed.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        retry = setTimeout(open, reconnectAfterMs);
      });
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [session, queryClient]);
}

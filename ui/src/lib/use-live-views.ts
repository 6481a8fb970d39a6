import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { query } from './api-client.ts';
import type { LiveShapes } from './api-shapes.ts';
import { getAccessToken } from './access-token.ts';
import { env } from './env.ts';
import { rolesKey } from './use-roles.ts';
import { isViewName, viewKey } from './view-keys.ts';

/** Views a role check reads from: a change may make the user a member, or a user again. */
const roleViews = new Set(['users', 'members', 'member-apartments']);

const reconnectAfterMs = 5000;

/**
 * GET <query>/events/stream[?ticket=]: the query-service says which view changed; the queries
 * reading that view are invalidated, so open screens refresh without a reload. Everyone listens:
 * visitors hear of the public views (an apartment booked), signed-in people of their own too.
 * EventSource cannot send headers, so a signed-in stream opens with a one-use ticket bought with the
 * token (GET /events/ticket): no token goes into an address. `session` changes (sign-in, sign-out)
 * reopen the stream; undefined (not known yet) opens nothing. The server ends a signed-in stream
 * when its token expires or is signed out: it is reopened with a fresh ticket.
 */
export function useLiveViews(session: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (session === undefined || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let shapes: LiveShapes | undefined;

    const onMessage = (message: MessageEvent<string>) => {
      if (!shapes) return;
      let change: ReturnType<LiveShapes['change']['parse']>;
      try {
        change = shapes.change.parse(JSON.parse(message.data));
      } catch {
        return; // not a view change (a comment, a keep-alive): nothing to refresh
      }
      if (isViewName(change.view)) void queryClient.invalidateQueries({ queryKey: viewKey(change.view) });
      if (roleViews.has(change.view)) void queryClient.invalidateQueries({ queryKey: rolesKey });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    };

    const ticket = async (shapes: LiveShapes) => {
      if (!session || !getAccessToken()) return '';
      const { ticket } = shapes.ticket.parse(await query('/events/ticket', { minPosition: 0 }));
      return `?ticket=${encodeURIComponent(ticket)}`;
    };
    const open = async () => {
      if (stopped) return;
      let search: string;
      try {
        shapes ??= (await import('./api-shapes.ts')).live;
        search = await ticket(shapes);
      } catch {
        retry = setTimeout(() => void open(), reconnectAfterMs);
        return;
      }
      if (stopped) return;
      source = new EventSource(`${env.queryUrl}/events/stream${search}`);
      source.addEventListener('message', onMessage);
      source.addEventListener('error', () => {
        // A ticket opens one stream: whether dropped or refused, reopen with a fresh one.
        source?.close();
        clearTimeout(retry);
        retry = setTimeout(() => void open(), reconnectAfterMs);
      });
    };

    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [session, queryClient]);
}

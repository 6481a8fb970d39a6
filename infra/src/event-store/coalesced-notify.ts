import type { Knex } from 'knex';
import { directQuery } from '../postgres/direct-query.ts';

/**
 * Tells listeners (the tailer, the outbox relay) that events were appended, outside the appends'
 * own transactions and at most one NOTIFY at a time. A NOTIFY inside every append would serialize
 * the commits: Postgres holds a global lock from queuing a notification until the commit is
 * flushed, so notifying transactions commit one by one (measured: ~200 commits/s instead of
 * ~2,000 at 32 clients; see the bench README). Pokes that arrive while one NOTIFY is under way
 * are folded into one more.
 */
export function createCoalescedNotify(db: Knex, channel: string) {
  let running: Promise<void> | null = null;
  let again = false;
  const send = async () => {
    do {
      again = false;
      // A lost NOTIFY only delays listeners until their next poll.
      await directQuery(db, 'select pg_notify($1, $2)', [channel, '']).catch(() => {});
    } while (again);
    running = null;
  };
  return {
    poke(): void {
      if (running) again = true;
      else running = send();
    },
    /** Resolves once the pokes so far have been sent (before closing the pool). */
    async flush(): Promise<void> {
      await running;
    },
  };
}

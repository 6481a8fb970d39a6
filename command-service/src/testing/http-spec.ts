import { expect } from 'vitest';
import { streamOf, type DomainEvent } from '@building/events/catalogue';
import { decodeEvent } from '@building/events/decode-event';
import { problemTypeOf, type RefusalCode } from '@building/events/refusals';
import { appendHistory } from './append-history.ts';
import type { Reply, TestService } from './test-service.ts';

/** An HTTP request as a person sends it: `as` is the signed-in email (none: anonymous). */
export interface SpecRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  as?: string;
  body?: unknown;
}

/** A recorded event as the spec compares it: the stream the catalogue routed it to, its type and data. */
export type RecordedEvent = DomainEvent & { stream: string; position: number };

export interface HttpOutcome {
  /**
   * The answer matches `response` (status, and body when given), exactly these events were recorded,
   * and the answer's `position` is the last one's.
   */
  then(response: { status: number; body?: unknown }, ...recorded: DomainEvent[]): Promise<Reply>;
  /** The request is refused by this rule: problem+json with its type, and nothing recorded. */
  thenRefused(code: RefusalCode, status: number): Promise<Reply>;
}

/**
 * The command routes read as business rules over HTTP, the same shape as the deciders' specs:
 * `given(history).when(request).then(response, ...newEvents)`. The history is appended to the
 * streams the catalogue names (as the system); the request goes over real HTTP to the service on
 * its own Postgres; the events the request recorded are read back from the log.
 */
export function httpSpecFor(t: TestService) {
  return function given(...history: DomainEvent[]) {
    return {
      when(request: SpecRequest): HttpOutcome {
        const run = async () => {
          await appendHistory(t.store, history);
          const before = await t.store.lastPosition();
          const token = request.as ? await t.tokenFor(request.as) : null;
          const reply = await t.call(request.method, request.path, { token, body: request.body });
          return { reply, recorded: await recordedAfter(t, before) };
        };
        return {
          async then(response, ...expected) {
            const { reply, recorded } = await run();
            expect({ status: reply.status, body: reply.body }).toMatchObject(response);
            // Each event lies in the stream the catalogue names for its own data (the spec's may hold matchers).
            for (const event of recorded) expect(event.stream).toBe(streamOf(event));
            expect(recorded.map(({ type, data }) => ({ type, data }))).toEqual(expected);
            // A command answers the position of its last event (read-your-writes).
            if (recorded.length > 0) expect(reply.body.position).toBe(recorded.at(-1)!.position);
            return reply;
          },
          async thenRefused(code, status) {
            const { reply, recorded } = await run();
            expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
            expect(reply.body).toMatchObject({ type: problemTypeOf(code), status });
            expect(reply.status).toBe(status);
            expect(recorded, 'a refused request records nothing').toEqual([]);
            return reply;
          },
        };
      },
    };
  };
}

async function recordedAfter(t: TestService, position: number): Promise<RecordedEvent[]> {
  const recorded: RecordedEvent[] = [];
  for await (const page of t.store.readAll({ from: position })) {
    for (const event of page.map(decodeEvent))
      recorded.push({
        stream: event.stream,
        position: event.position,
        type: event.type,
        data: event.data,
      } as RecordedEvent);
  }
  return recorded;
}

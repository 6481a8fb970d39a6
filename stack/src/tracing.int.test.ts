import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startCommandService,
  type CommandServiceHandle,
} from '@building/command-service/start-command-service';
import { signAccessToken } from '@building/infra/auth/access-token';
import { loadConfig } from '@building/infra/config';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { startTracing } from '@building/infra/tracing/tracing';
import { startProjector } from '@building/projector/start-projector';

const secret = 'trace-test-secret-trace-test-secret-0123';

/**
 * One command traced from its request to its projection: the command-service and the projector
 * run side by side, and the only way the trace reaches the projector is the context the event
 * carries through the store (the projector tails it), as it would between two processes.
 */
describe.skipIf(missing('postgres'))('one trace from a command to its projection', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: { stop(): Promise<void> };
  let test: TestDatabase;
  let service: CommandServiceHandle;
  let projector: { stop(): Promise<void> };

  beforeAll(async () => {
    // Every command traced (by default one in ten is).
    tracing = startTracing('building-test', { exporter, env: { TRACE_COMMANDS_RATIO: '1' } });
    test = await createTestDatabase('tracing');
    const config = loadConfig({ DATABASE_URL: test.url, COMMAND_PORT: '0', JWT_SECRET: secret });
    service = await startCommandService(config);
    projector = await startProjector(config);
  }, 120_000);
  afterAll(async () => {
    await projector?.stop();
    await service?.stop();
    await tracing?.stop();
    await test?.drop();
  });

  it('connects the request, the command, the append and the projector batch', async () => {
    const token = await signAccessToken(
      { email: 'rafi@building.test', uid: 'r', emailVerified: true },
      secret,
      60,
    );
    const reply = await fetch(`${service.url}/users/rafi@building.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rafi' }),
    });
    expect(reply.status).toBe(200);
    const named = (spans: ReadableSpan[], name: string) => spans.find((span) => span.name === name);
    const spans = await vi.waitFor(
      () => {
        const finished = exporter.getFinishedSpans();
        expect(named(finished, 'projector batch')).toBeDefined();
        return finished;
      },
      { timeout: 30_000, interval: 100 },
    );
    const request = named(spans, 'POST /users/:email')!;
    const command = named(spans, 'command RecordProfile')!;
    const append = named(spans, 'event-store append')!;
    const batch = named(spans, 'projector batch')!;
    for (const span of [request, command, append, batch]) expect(span).toBeDefined();
    const { traceId } = request.spanContext();
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    expect([command, append, batch].map((span) => span.spanContext().traceId)).toEqual([
      traceId,
      traceId,
      traceId,
    ]);
    expect(parentOf(command)).toBe(request.spanContext().spanId);
    expect(parentOf(append)).toBe(command.spanContext().spanId);
    expect(parentOf(batch)).toBe(append.spanContext().spanId);
  }, 60_000);
});

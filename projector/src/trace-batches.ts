import { contextOf, inSpan, linkOf, SpanKind } from '@building/infra/tracing/tracing';
import type { Projector } from './apply-events.ts';

type Carrier = { metadata?: Record<string, unknown> } | undefined;

/**
 * A span per batch the projector (or the mailer) applies, continuing the trace of the first traced
 * command among its events (the context its events carry from the store or Kafka) and linked to the
 * other traced commands: one trace shows command -> append -> projection. Events of untraced
 * commands carry no context: a batch of those alone starts a trace only by the sampler's share.
 */
export function traceBatches(projector: Projector, name: string): Projector {
  return {
    project: (raws, options) => {
      const [first, ...others] = (raws as Carrier[])
        .map((raw) => raw?.metadata)
        .filter((carrier) => typeof carrier?.traceparent === 'string');
      return inSpan(`${name} batch`, () => projector.project(raws, options), {
        kind: SpanKind.CONSUMER,
        parent: contextOf(first),
        links: others.flatMap((carrier) => linkOf(carrier) ?? []),
        attributes: { events: raws.length },
      });
    },
  };
}

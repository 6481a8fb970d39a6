import { z } from 'zod/mini';

// The shapes of the few answers the app's shell reads, fetched only when an answer comes: zod
// stays out of what a visitor's first paint waits for.

/** RFC 9457 problem details, as the services send them. */
export const problemSchema = z.object({
  type: z.optional(z.string()),
  title: z.optional(z.string()),
  status: z.optional(z.number()),
  detail: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});

/** POST /jwt's answer. */
export const tokenResponse = z.object({
  token: z.string().check(z.minLength(1)),
  /** The address is on the admin list but not verified yet: admin rights wait for the link. */
  adminAwaitsVerifiedEmail: z.optional(z.boolean()),
});

/** GET /user/{admin|member|users}/:email's answer: `{ [field]: boolean }`. */
export const roleFlag = (field: string) => z.object({ [field]: z.boolean() });

/** The live-update stream: a view changed (GET /events/stream), and the one-use ticket that opens it. */
export const live = {
  change: z.object({ view: z.string(), position: z.number() }),
  ticket: z.object({ ticket: z.string() }),
};
export type LiveShapes = typeof live;

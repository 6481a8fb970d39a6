import { z } from 'zod';

const schema = z.object({
  /** How often the scheduler wakes (default a minute). */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
  /**
   * The moment the scheduler believes it is when it starts (ISO), its clock running on from there:
   * for demos and tests of the 1st and the 6th. Unset: the real clock.
   */
  REMINDER_CLOCK_START: z.string().datetime({ offset: true }).optional(),
  /** The late fee, in percent of a month's rent still unpaid after its due day; 0 (default): none. */
  LATE_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
});

/** The scheduler's settings from the environment; a bad value stops the start, naming it. */
export function reminderSettings(env: Record<string, string | undefined>) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`bad reminder settings: ${problems}`);
  }
  const {
    REMINDER_INTERVAL_MS: intervalMs,
    REMINDER_CLOCK_START: start,
    LATE_FEE_PERCENT: lateFeePercent,
  } = parsed.data;
  const offset = start ? Date.parse(start) - Date.now() : 0;
  return { intervalMs, lateFeePercent, now: () => new Date(Date.now() + offset) };
}

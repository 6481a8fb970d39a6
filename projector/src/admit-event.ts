/**
 * Whether an event applies to a view's stream checkpoint: per stream, versions apply strictly in
 * order. At or below the checkpoint it is a redelivery (skip); right after it, it applies; further
 * ahead, its predecessor has not arrived yet (park it as a gap until it does).
 */
export type Admission = 'apply' | 'skip' | 'park';

export function admit(lastVersion: number, version: number): Admission {
  if (version <= lastVersion) return 'skip';
  return version === lastVersion + 1 ? 'apply' : 'park';
}

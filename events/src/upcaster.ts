import type { ProjectedEnvelope } from './envelope.ts';

/** Turns the data of one schema version of a type into the next version's (one file per step, upcasters/). */
export interface Upcaster {
  type: string;
  fromVersion: number;
  upcast(data: Record<string, unknown>, event: ProjectedEnvelope): Record<string, unknown>;
}

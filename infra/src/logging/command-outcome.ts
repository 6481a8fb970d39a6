import { DomainError } from '@building/events/domain-error';

/** How a command ended, as metrics and logs name it: `ok`, the refusal's code, or `error` (ours). */
export const outcomeOf = (error?: unknown): string =>
  error === undefined ? 'ok' : error instanceof DomainError ? error.code : 'error';

import type { ZodError } from 'zod';
import { DomainError } from './domain-error.ts';

/** A zod failure on input: refused as `invalid-input`, naming each bad field. */
export function invalidInput(error: ZodError, where = 'body'): DomainError {
  const fields = error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : where,
    message: issue.message,
  }));
  const detail = `invalid ${where}: ${fields.map((e) => `${e.field}: ${e.message}`).join('; ')}`;
  return new DomainError('invalid-input', detail, { fields });
}

/** Validates input against a schema, or throws `invalid-input` naming the bad fields. */
export function parseInput<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
  where = 'body',
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(result.error, where);
  return result.data;
}

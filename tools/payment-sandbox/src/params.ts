import { z } from 'zod';
import { beforeRunning, invalidRequest, parameterMissing, type StripeApiError } from './stripe-error.ts';

/*
 * Stripe's form encoding carries every value as a string, and the sandbox also accepts JSON: these
 * schemas accept both, and parseParams turns the first zod issue into the error Stripe would send.
 */

/** An integer, given as a number or as its decimal string; `number` adds bounds. */
export function formInteger(number = z.number().int()) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    number,
  );
}

export const formBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean(),
);

/** A list: a JSON array, `a[]=x` (already a list) or `a[0]=x&a[1]=y` (an object with index keys). */
export function formList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.every(([key]) => /^\d+$/.test(key))) {
        return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, entry]) => entry);
      }
    }
    return value;
  }, z.array(item));
}

const metadataValue = z.union([
  z.string().max(500),
  z.number().transform(String),
  z.boolean().transform(String),
  z.null(),
]);

/**
 * Metadata as Stripe takes it: up to 50 keys of at most 40 characters; an empty string (or JSON null)
 * as a value unsets that key on update; `metadata=` (empty) unsets them all.
 */
export const metadataParam = z.union([
  z.literal('').transform(() => null),
  z
    .record(z.string().max(40), metadataValue)
    .refine((record) => Object.keys(record).length <= 50, 'Metadata can have at most 50 keys.'),
]);

export type MetadataUpdate = z.infer<typeof metadataParam>;

/** Applies a metadata parameter to existing metadata with Stripe's unset rules. */
export function applyMetadata(
  current: Record<string, string>,
  update: MetadataUpdate | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  // A Map, so that a key such as `__proto__` stays an ordinary key.
  const next = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(update)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return Object.fromEntries(next);
}

/** `expand[]` is accepted everywhere and ignored: the sandbox's objects are small enough to send whole. */
export const expandParam = formList(z.string()).optional();

export function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw beforeRunning(toStripeError(result.error.issues[0], input));
}

/** `['payment_method_data', 'card', 'number']` -> `payment_method_data[card][number]`. */
export function formatParam(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  return `${head ?? ''}${rest.map((segment) => `[${segment}]`).join('')}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[segment];
  }
  return node;
}

function toStripeError(issue: z.core.$ZodIssue | undefined, input: unknown): StripeApiError {
  if (!issue) return invalidRequest('Invalid request.');
  if (issue.code === 'unrecognized_keys') {
    const param = formatParam([...issue.path, issue.keys[0] ?? '']);
    return invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });
  }
  const param = formatParam(issue.path);
  const value = valueAt(input, issue.path);
  if (value === undefined) return parameterMissing(param);
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'number' || issue.expected === 'int') {
      return invalidRequest(`Invalid integer: ${describe(value)}`, {
        code: 'parameter_invalid_integer',
        param,
      });
    }
    if (issue.expected === 'boolean') return invalidRequest(`Invalid boolean: ${describe(value)}`, { param });
    if (issue.expected === 'object' || issue.expected === 'record') {
      return invalidRequest(`Invalid object`, { param });
    }
    if (issue.expected === 'array') return invalidRequest(`Invalid array`, { param });
    return invalidRequest(`Invalid ${param}: expected a ${issue.expected}`, { param });
  }
  if (issue.code === 'invalid_value') {
    return invalidRequest(`Invalid ${param}: must be one of ${issue.values.map(String).join(', ')}`, {
      param,
    });
  }
  if (typeof value === 'string' && value === '' && issue.code === 'too_small') {
    return invalidRequest(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      { code: 'parameter_invalid_empty', param },
    );
  }
  return invalidRequest(`Invalid ${param}: ${issue.message}`, { param });
}

function describe(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

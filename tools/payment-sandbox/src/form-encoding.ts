import { invalidRequest } from './stripe-error.ts';

/** A parsed request body: nested objects of strings, as Stripe's form encoding expresses them. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const maxDepth = 8;
const forbiddenKeys = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Parses Stripe's form encoding (`metadata[si]=7&payment_method_types[0]=card&expand[]=x`) into nested
 * objects. Indexed keys (`a[0]`) stay object keys: the schema decides what is an array, because
 * `metadata[7]` is a map key while `payment_method_types[0]` is a list index. `a[]` appends to a list.
 */
export function parseFormEncoded(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = splitKey(rawKey);
    assign(root, path, value, rawKey);
  }
  return root;
}

function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw invalidRequest(`Invalid parameter name: ${key}`);
  const head = match[1] as string;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string);
  const path = [head, ...rest];
  if (path.length > maxDepth) throw invalidRequest(`Parameter nested too deeply: ${key}`);
  for (const segment of path) {
    if (forbiddenKeys.has(segment)) throw invalidRequest(`Invalid parameter name: ${key}`, { param: key });
  }
  return path;
}

function assign(root: FormObject, path: string[], value: string, rawKey: string): void {
  let node: FormObject | FormValue[] = root;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as string;
    const last = i === path.length - 1;
    if (Array.isArray(node)) {
      // Only `a[]` reaches a list: `a[][b]` is not a shape Stripe uses.
      if (segment !== '' || !last)
        throw invalidRequest(`Invalid parameter name: ${rawKey}`, { param: rawKey });
      node.push(value);
      return;
    }
    const next = path[i + 1];
    if (last) {
      if (node[segment] !== undefined)
        throw invalidRequest(`Duplicate parameter: ${rawKey}`, { param: rawKey });
      node[segment] = value;
      return;
    }
    const existing: FormValue | undefined = node[segment];
    const wantList = next === '';
    if (existing === undefined) {
      const created: FormObject | FormValue[] = wantList ? [] : {};
      node[segment] = created;
      node = created;
    } else if (typeof existing === 'string' || Array.isArray(existing) !== wantList) {
      throw invalidRequest(`Conflicting parameters at ${rawKey}`, { param: rawKey });
    } else {
      node = existing;
    }
  }
}

import { refusals, type RefusalCode, type RefusalKind } from './refusals.ts';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * A request refused by a business rule (or by input validation): the stable code of the rule and a
 * detail for people. Deciders throw these and know nothing of HTTP; the problem middleware answers.
 */
export class DomainError extends Error {
  readonly code: RefusalCode;
  readonly kind: RefusalKind;
  readonly fields: readonly FieldError[];
  /** Facts a client may act on beyond the code (e.g. a decline's provider code). */
  readonly facts: Readonly<Record<string, unknown>>;

  constructor(
    code: RefusalCode,
    detail: string,
    more: { fields?: readonly FieldError[]; facts?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.name = 'DomainError';
    this.code = code;
    this.kind = refusals[code].kind;
    this.fields = more.fields ?? [];
    this.facts = more.facts ?? {};
  }
}

/** `throw refuse('apartment-already-booked', 'apartment 7 is already booked')`. */
export const refuse = (
  code: RefusalCode,
  detail: string,
  more?: ConstructorParameters<typeof DomainError>[2],
) => new DomainError(code, detail, more);

/**
 * Every business rule a request can break, by stable code. The code names the rule, never the HTTP
 * status: the kind says what sort of refusal it is, and the services' one problem middleware maps
 * the kind to a status and the code to the problem's `type` URI. Clients (the UI) act on the type.
 */
export type RefusalKind = 'invalid' | 'payment-declined' | 'forbidden' | 'not-found' | 'conflict';

interface Rule {
  kind: RefusalKind;
  /** The problem type's title: the same for every occurrence of the rule (RFC 9457 §3.1.3). */
  title: string;
}

export const refusals = {
  'invalid-input': { kind: 'invalid', title: 'The request is not valid' },
  'unknown-coupon-code': { kind: 'invalid', title: 'No coupon has this code' },
  'payment-declined': { kind: 'payment-declined', title: 'The card payment was declined' },
  'admin-only': { kind: 'forbidden', title: 'Only an admin may do this' },
  'admin-cannot-request': { kind: 'forbidden', title: 'An admin cannot request an agreement' },
  'profile-required': { kind: 'forbidden', title: 'Record your profile first' },
  'own-profile-only': { kind: 'forbidden', title: 'A profile is recorded only by its owner' },
  'no-active-lease': { kind: 'forbidden', title: 'You do not lease this apartment' },
  'not-your-payment': { kind: 'forbidden', title: 'This payment is not yours' },
  'not-your-data': { kind: 'forbidden', title: 'Only the owner or an admin may read this' },
  'not-your-maintenance-request': {
    kind: 'forbidden',
    title: 'Only the member who filed the request or an admin may do this',
  },
  'apartment-not-found': { kind: 'not-found', title: 'No such apartment' },
  'agreement-request-not-found': { kind: 'not-found', title: 'No such agreement request' },
  'coupon-not-found': { kind: 'not-found', title: 'No such coupon' },
  'announcement-not-found': { kind: 'not-found', title: 'No such announcement' },
  'user-not-found': { kind: 'not-found', title: 'No such user' },
  'payment-not-found': { kind: 'not-found', title: 'No such rent payment' },
  'maintenance-request-not-found': { kind: 'not-found', title: 'No such maintenance request' },
  'apartment-already-listed': { kind: 'conflict', title: 'The apartment is already listed' },
  'apartment-already-booked': { kind: 'conflict', title: 'The apartment is already booked' },
  'agreement-request-pending': { kind: 'conflict', title: 'A request for this apartment is pending' },
  'agreement-request-decided': { kind: 'conflict', title: 'The request was already decided' },
  'agreement-request-ambiguous': {
    kind: 'conflict',
    title: 'Several requests are pending: name whose to reject',
  },
  'coupon-code-taken': { kind: 'conflict', title: 'The coupon code is already used' },
  'coupon-unavailable': { kind: 'conflict', title: 'The coupon is not available' },
  'coupon-expired': { kind: 'conflict', title: 'The coupon has expired' },
  'coupon-used-up': { kind: 'conflict', title: 'The coupon has been used as many times as it may be' },
  'announcement-already-posted': { kind: 'conflict', title: 'The announcement was already posted' },
  'admin-cannot-be-demoted': { kind: 'conflict', title: 'An admin cannot be demoted' },
  'not-a-member': { kind: 'conflict', title: 'The user is not a member' },
  'rent-already-paid': { kind: 'conflict', title: 'The rent of this month is already paid' },
  'second-charge-refunded': {
    kind: 'conflict',
    title: 'The month was already paid: this charge was refunded',
  },
  'nothing-to-pay': { kind: 'conflict', title: 'The coupon leaves nothing to pay' },
  'payment-in-progress': { kind: 'conflict', title: 'The payment is not complete yet' },
  'payment-not-started': { kind: 'conflict', title: 'The payment was not started here' },
  'payment-terms-mismatch': { kind: 'conflict', title: 'The payment does not match its terms' },
  'reminder-already-issued': { kind: 'conflict', title: 'This reminder was already issued' },
  'maintenance-request-already-filed': {
    kind: 'conflict',
    title: 'The maintenance request was already filed',
  },
  'maintenance-request-closed': { kind: 'conflict', title: 'The maintenance request is closed' },
  'maintenance-status-not-allowed': {
    kind: 'conflict',
    title: 'The maintenance request cannot move to this status',
  },
  'month-outside-lease': { kind: 'invalid', title: 'The month is outside the lease' },
  'month-too-far-ahead': { kind: 'invalid', title: 'The month is too far ahead to pay' },
  'reading-below-last': { kind: 'invalid', title: 'The reading is below the last one' },
  'deductions-exceed-deposit': { kind: 'invalid', title: 'The deductions are more than the deposit held' },
  'charge-not-found': { kind: 'not-found', title: 'No such charge' },
  'offline-payment-not-found': { kind: 'not-found', title: 'No such offline payment' },
  'deposit-not-found': { kind: 'not-found', title: 'No deposit for this lease' },
  'apartment-not-leased': { kind: 'conflict', title: 'The apartment has no lease that month' },
  'charge-already-paid': { kind: 'conflict', title: 'The charge is already paid' },
  'charge-already-cancelled': { kind: 'conflict', title: 'The charge is already cancelled' },
  'charge-already-issued': { kind: 'conflict', title: "This month's planned charge was already issued" },
  'late-fee-already-charged': { kind: 'conflict', title: "This month's late fee was already charged" },
  'payment-exceeds-owed': { kind: 'conflict', title: 'The payment is more than what is owed' },
  'payment-already-reversed': { kind: 'conflict', title: 'The payment is already reversed' },
  'reading-out-of-order': { kind: 'conflict', title: 'The reading is older than the last one' },
  'tariff-not-set': { kind: 'conflict', title: 'No tariff is set for this utility' },
  'deposit-already-paid': { kind: 'conflict', title: 'The deposit is already paid' },
  'deposit-already-settled': { kind: 'conflict', title: 'The deposit is already settled' },
  'lease-still-active': { kind: 'conflict', title: 'The lease has not ended' },
  'deposit-not-paid-by-card': {
    kind: 'conflict',
    title: 'The deposit was not paid by card: return it another way',
  },
  'expense-date-in-future': { kind: 'invalid', title: 'The expense is dated in the future' },
  'opening-balance-date-in-future': { kind: 'invalid', title: 'The opening balance is dated in the future' },
  'opening-balance-already-recorded': {
    kind: 'conflict',
    title: 'The resident already has another opening balance',
  },
  'announcement-expiry-past': { kind: 'invalid', title: 'The announcement would expire before today' },
  'coupon-expiry-past': { kind: 'invalid', title: 'The coupon would expire before today' },
  'coupon-limit-below-uses': { kind: 'invalid', title: 'The coupon was already used more times than that' },
  'expense-not-found': { kind: 'not-found', title: 'No such expense' },
  'recurring-expense-not-found': { kind: 'not-found', title: 'No such recurring expense' },
  'expense-already-recorded': { kind: 'conflict', title: 'The expense was already recorded' },
  'expense-already-reversed': { kind: 'conflict', title: 'The expense is already reversed' },
  'recurring-expense-stopped': { kind: 'conflict', title: 'The recurring expense is stopped' },
  'concurrent-change': { kind: 'conflict', title: 'The data changed meanwhile' },
} as const satisfies Record<string, Rule>;

export type RefusalCode = keyof typeof refusals;
export const refusalCodes = Object.keys(refusals) as RefusalCode[];

export const isRefusalCode = (code: string): code is RefusalCode => Object.hasOwn(refusals, code);

const typePrefix = '/problems/';

/**
 * The problem `type` of a rule: a URI reference resolved against the service that answered, where
 * `GET /problems/<code>` describes it.
 */
export const problemTypeOf = (code: RefusalCode): string => `${typePrefix}${code}`;

/** The rule a problem `type` names, or null (about:blank, or another API's type). */
export function refusalOfType(type: string | undefined): RefusalCode | null {
  if (!type) return null;
  const path = type.startsWith(typePrefix) ? type : safePath(type);
  const code = path?.startsWith(typePrefix) ? path.slice(typePrefix.length) : '';
  return isRefusalCode(code) ? code : null;
}

function safePath(uri: string): string | null {
  try {
    return new URL(uri).pathname;
  } catch {
    return null;
  }
}

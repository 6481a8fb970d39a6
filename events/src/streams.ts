/**
 * Stream ids. The prefix before the first '-' is the stream's category, which names its Kafka topic.
 * Agreements have their own stream per apartment: it is the consistency boundary for booking.
 */
export const categories = [
  'user',
  'apartment',
  'agreement',
  'coupon',
  'announcement',
  'payment',
  'maintenance',
  'tariff',
  'meter',
  'deposit',
  'expense',
] as const;
export type Category = (typeof categories)[number];

export const streams = {
  user: (email: string) => `user-${email.trim().toLowerCase()}`,
  apartment: (si: number) => `apartment-${si}`,
  agreement: (si: number) => `agreement-${si}`,
  coupon: (couponId: string) => `coupon-${couponId}`,
  announcement: (announcementId: string) => `announcement-${announcementId}`,
  /** One stream per apartment and month: at most one successful payment each. */
  payment: (si: number, year: number, month: string) => `payment-${si}-${year}-${month.toLowerCase()}`,
  /** One stream per maintenance request: its filing, triage, comments. */
  maintenance: (requestId: string) => `maintenance-${requestId}`,
  /** One stream per building-wide price: `tariff-service` (the service-charge plan), `tariff-<utility>`. */
  tariff: (name: string) => `tariff-${name}`,
  /** One stream per apartment's meter of a utility: its readings, each checked against the last. */
  meter: (si: number, utility: string) => `meter-${si}-${utility}`,
  /** One stream per lease's deposit (the lease is its accepted request): owed, paid, settled once. */
  deposit: (leaseId: string) => `deposit-${leaseId}`,
  /** One stream per expense: recorded once, reversed at most once. */
  expense: (expenseId: string) => `expense-${expenseId}`,
  /** One stream per recurring expense's plan (its category is `expense` too). */
  recurringExpense: (recurringId: string) => `expense-recurring-${recurringId}`,
};

/** A stream id's prefix before the first '-' ('' when it has none): its category when it is a known one. */
export const streamPrefix = (stream: string): string => {
  const dash = stream.indexOf('-');
  return dash > 0 ? stream.slice(0, dash) : '';
};

/** The category of a stream id (its prefix): picks the Kafka topic of whatever a stream holds. */
export function categoryOfStream(stream: string): Category {
  const prefix = streamPrefix(stream);
  const found = categories.find((c) => c === prefix);
  if (!found) throw new Error(`stream '${stream}' has no known category`);
  return found;
}

/** Topic per category, e.g. `building.agreements`; tests pass a prefix to stay isolated. */
export function topicFor(category: Category, prefix = ''): string {
  return `${prefix}building.${category}s`;
}

export const allTopics = (prefix = '') => categories.map((c) => topicFor(c, prefix));

import { z } from 'zod';
import { monthSchema, type Month, type PaidItem } from '@building/events/catalogue';

/** What the payment provider says about one PaymentIntent, in the provider-neutral shape the decider reads. */
export interface IntentFacts {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  clientSecret: string | null;
  /** The decline of the last attempt, while the intent waits for another card. */
  lastError: { code: string; message: string; chargeId: string | null } | null;
}

/** A refund the provider made of an intent's charge: its id and the poisha it gave back. */
export interface RefundFacts {
  id: string;
  paymentIntentId: string;
  amount: number;
}

/** The metadata every rent PaymentIntent carries (Stripe metadata values are strings). */
export interface RentIntentMetadata {
  email: string;
  si: number;
  month: Month;
  year: number;
  coupon: string | null;
  amount: number;
  /** What the intent pays beside rent, itemised (absent on intents for rent alone). */
  items?: readonly PaidItem[] | undefined;
}

/** Stripe keeps metadata values up to 500 characters. */
const metadataValueLimit = 500;

/**
 * The items of an intent as one metadata value, for the provider's dashboard and to match the
 * intent to its start: `rent 1049325, charge:5b0f5a3e 200000, late-fee 50000`.
 */
export const itemsMetadata = (items: readonly PaidItem[]): string =>
  items
    .map((i) => `${i.kind}${i.chargeId ? `:${i.chargeId.slice(0, 8)}` : ''} ${i.amountPoisha}`)
    .join(', ')
    .slice(0, metadataValueLimit);

const metadataSchema = z.object({
  email: z.string().email(),
  si: z.coerce.number().int().positive(),
  month: monthSchema,
  year: z.coerce.number().int().min(2000).max(2100),
  coupon: z.string().optional(),
  amount: z.coerce.number().int().min(0),
});

export function rentMetadata(metadata: RentIntentMetadata): Record<string, string> {
  return {
    email: metadata.email,
    si: String(metadata.si),
    month: metadata.month,
    year: String(metadata.year),
    // Stripe drops empty metadata values, so no coupon is no key.
    ...(metadata.coupon ? { coupon: metadata.coupon } : {}),
    amount: String(metadata.amount),
    ...(metadata.items ? { items: itemsMetadata(metadata.items) } : {}),
  };
}

/** The rent metadata of an intent, or null for an intent that is not a rent payment of ours. */
export function readRentMetadata(metadata: Record<string, string>): RentIntentMetadata | null {
  const parsed = metadataSchema.safeParse(metadata);
  if (!parsed.success) return null;
  return { ...parsed.data, coupon: parsed.data.coupon || null };
}

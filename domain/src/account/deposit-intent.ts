import { z } from 'zod';

/** The metadata of a card PaymentIntent for a lease's deposit (Stripe metadata values are strings). */
export interface DepositIntentMetadata {
  /** The lease whose deposit it pays (named `deposit`, so a rent intent never reads as one). */
  leaseId: string;
  si: number;
  email: string;
  amount: number;
}

const metadataSchema = z.object({
  deposit: z.uuid(),
  si: z.coerce.number().int().positive(),
  email: z.string().email(),
  amount: z.coerce.number().int().positive(),
});

export const depositMetadata = (m: DepositIntentMetadata): Record<string, string> => ({
  deposit: m.leaseId,
  si: String(m.si),
  email: m.email,
  amount: String(m.amount),
});

/** The deposit an intent pays, or null for any other intent (a rent payment's, or not ours). */
export function readDepositMetadata(metadata: Record<string, string>): DepositIntentMetadata | null {
  const parsed = metadataSchema.safeParse(metadata);
  if (!parsed.success) return null;
  const { deposit, ...rest } = parsed.data;
  return { leaseId: deposit, ...rest };
}

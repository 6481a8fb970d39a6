import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { couponsKey } from './get-coupons.ts';

const addedSchema = z.object({ insertedId: z.union([z.string(), z.number()]), position: z.number() });
const editedSchema = z.object({ modifiedCount: z.number(), position: z.number() });

/** A coupon's terms as an admin sets them: its last day (YYYY-MM-DD, Dhaka) and most uses, or null. */
export interface CouponTerms {
  discount: number;
  description: string;
  expiresOn: string | null;
  usageLimit: number | null;
}

/** POST /addCoupon: a new coupon starts available. The server refuses a code already in use. */
export async function addCoupon(coupon: CouponTerms & { code: string }) {
  return addedSchema.parse(await command('POST', '/addCoupon', { ...coupon, status: 'available' }));
}

/** PUT /coupons/:id: the coupon's terms as they should stand (its code stays). */
export async function editCoupon({ id, ...terms }: CouponTerms & { id: string }) {
  return editedSchema.parse(await command('PUT', `/coupons/${encodeURIComponent(id)}`, terms));
}

function useCouponMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

export const useAddCoupon = () => useCouponMutation(addCoupon);
export const useEditCoupon = () => useCouponMutation(editCoupon);

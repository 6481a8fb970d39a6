import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { couponsKey } from './get-coupons.ts';

const addedSchema = z.object({ insertedId: z.union([z.string(), z.number()]), position: z.number() });

export interface NewCoupon {
  code: string;
  discount: number;
  description: string;
}

/** POST /addCoupon: a new coupon starts available. The server refuses a code already in use. */
export async function addCoupon(coupon: NewCoupon) {
  return addedSchema.parse(await command('POST', '/addCoupon', { ...coupon, status: 'available' }));
}

export function useAddCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

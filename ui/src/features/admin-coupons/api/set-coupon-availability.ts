import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { couponsKey, type Coupon } from './get-coupons.ts';

const toggledSchema = z.object({ position: z.number() });

export interface Availability {
  id: Coupon['_id'];
  available: boolean;
}

/** PATCH /couponAvailable/:id or /couponUnavailable/:id. */
export async function setCouponAvailability({ id, available }: Availability) {
  const path = `/${available ? 'couponAvailable' : 'couponUnavailable'}/${encodeURIComponent(String(id))}`;
  return toggledSchema.parse(await command('PATCH', path));
}

export function useSetCouponAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCouponAvailability,
    // Every coupon query (the home page's, the payment screen's) reads the same view.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ExpenseCategory, OfflineMethod } from '@building/events/catalogue';
import { command } from '../../../lib/api-client.ts';
import { preparePhoto } from '../../../lib/prepare-photo.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { viewKey } from '../../../lib/view-keys.ts';

const recordedSchema = z.object({ insertedId: z.string(), position: z.number() });

export interface ExpenseTerms {
  category: ExpenseCategory;
  vendor: string;
  /** Taka, as typed (the server checks it: more than 0, at most two decimals). */
  amount: string;
  description: string;
  paidFrom: OfflineMethod;
}

export interface NewExpense extends ExpenseTerms {
  date: string;
  receipt: File | null;
}

/** Uploads the receipt's photo (checked and shrunk as every photo here is), then POST /expenses with its link. */
export async function recordExpense({ receipt, ...expense }: NewExpense) {
  const link = receipt ? await uploadImage(await preparePhoto(receipt)) : undefined;
  return recordedSchema.parse(await command('POST', '/expenses', { ...expense, receipt: link }));
}

/** POST /expenses/recurring: issued by the scheduler on `dayOfMonth` of every month. */
export async function setRecurringExpense(terms: ExpenseTerms & { dayOfMonth: string }) {
  return recordedSchema.parse(await command('POST', '/expenses/recurring', terms));
}

/** A write to the books: the journal's and the expenses' queries refetch once it is answered. */
const useBooksMutation = <T>(mutationFn: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: viewKey('journal') });
      await queryClient.invalidateQueries({ queryKey: viewKey('expenses') });
    },
  });
};

export const useRecordExpense = () => useBooksMutation(recordExpense);
export const useSetRecurringExpense = () => useBooksMutation(setRecurringExpense);

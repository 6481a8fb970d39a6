import type { Language, OfflineMethod, PaidItem } from '@building/events/catalogue';

/** The receipt's words in each language the site speaks. */
export const receiptWords = {
  en: {
    rentReceipt: 'Rent receipt',
    paymentReceipt: 'Payment receipt',
    member: 'Member',
    email: 'Email',
    apartment: 'Apartment',
    apartmentAt: (apartment: string, block: string, floor: string) =>
      `${apartment}, block ${block}, floor ${floor}`,
    period: 'Period',
    rent: 'Rent',
    coupon: 'Coupon',
    couponOff: (code: string, percent: string, taka: string) => `${code} (${percent} off: - ${taka})`,
    none: 'none',
    method: 'Method',
    card: 'card',
    reference: 'Reference',
    amountPaid: 'Amount paid',
    transactionId: 'Transaction ID',
    paymentId: 'Payment ID',
    paidAt: 'Paid at',
    reversed: 'Reversed',
    thanks: 'Thank you. This receipt was issued electronically.',
    methods: { cash: 'cash', bank: 'bank transfer', bkash: 'bKash', nagad: 'Nagad' },
    items: { rent: 'Rent', charge: 'Charge', 'late-fee': 'Late fee' },
    itemsPaid: 'What it paid:',
  },
  bn: {
    rentReceipt: 'ভাড়ার রসিদ',
    paymentReceipt: 'পরিশোধের রসিদ',
    member: 'সদস্য',
    email: 'ইমেইল',
    apartment: 'অ্যাপার্টমেন্ট',
    apartmentAt: (apartment: string, block: string, floor: string) =>
      `${apartment}, ব্লক ${block}, ${floor} তলা`,
    period: 'মাস',
    rent: 'ভাড়া',
    coupon: 'কুপন',
    couponOff: (code: string, percent: string, taka: string) => `${code} (${percent} ছাড়: - ${taka})`,
    none: 'নেই',
    method: 'পদ্ধতি',
    card: 'কার্ড',
    reference: 'রেফারেন্স',
    amountPaid: 'পরিশোধিত টাকা',
    transactionId: 'লেনদেন আইডি',
    paymentId: 'পরিশোধ আইডি',
    paidAt: 'পরিশোধের সময়',
    reversed: 'বাতিল হয়েছে',
    thanks: 'ধন্যবাদ। এই রসিদটি ইলেকট্রনিকভাবে দেওয়া হয়েছে।',
    methods: { cash: 'নগদ টাকা', bank: 'ব্যাংক ট্রান্সফার', bkash: 'বিকাশ', nagad: 'নগদ (মোবাইল)' },
    items: { rent: 'ভাড়া', charge: 'চার্জ', 'late-fee': 'বিলম্ব ফি' },
    itemsPaid: 'যা পরিশোধ হলো:',
  },
} satisfies Record<
  Language,
  Record<string, unknown> & {
    methods: Record<OfflineMethod, string>;
    items: Record<PaidItem['kind'], string>;
  }
>;

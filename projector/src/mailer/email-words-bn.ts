import { monthNames } from '@building/events/catalogue';
import type { NotificationFacts } from '@building/events/read-models/notifications';

/**
 * The Bangla half of every email. The server does not know which language a person reads the site
 * in (the UI keeps that in the browser), so each email carries both, English first.
 */
const taka = (poisha: number) =>
  new Intl.NumberFormat('bn-BD', {
    style: 'currency',
    currency: 'BDT',
    currencyDisplay: 'narrowSymbol',
  }).format(poisha / 100);
const monthYear = (month: string, year: number) =>
  new Intl.DateTimeFormat('bn-BD', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNames.indexOf(month as (typeof monthNames)[number]), 15)),
  );
const day = (isoDate: string) =>
  new Intl.DateTimeFormat('bn-BD', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );

const statusBn: Record<Extract<NotificationFacts, { kind: 'maintenance-status' }>['status'], string> = {
  acknowledged: 'গৃহীত হয়েছে',
  scheduled: 'নির্ধারিত হয়েছে',
  'in-progress': 'চলছে',
  done: 'সম্পন্ন হয়েছে',
  declined: 'বাতিল হয়েছে',
};

const methodBn = {
  card: 'কার্ড',
  cash: 'নগদ টাকা',
  bank: 'ব্যাংক ট্রান্সফার',
  bkash: 'বিকাশ',
  nagad: 'নগদ (মোবাইল)',
} as const;
const chargeBn = {
  service: 'সার্ভিস চার্জ',
  electricity: 'বিদ্যুৎ বিল',
  gas: 'গ্যাস বিল',
  water: 'পানির বিল',
  other: 'চার্জ',
} as const;

/** The body in Bangla, from the same facts as the English one. */
export function bodyInBangla(facts: NotificationFacts): string {
  switch (facts.kind) {
    case 'agreement-accepted':
      return `স্বাগতম: অ্যাপার্টমেন্ট ${facts.apartment}-এর জন্য আপনার চুক্তির অনুরোধ গৃহীত হয়েছে। আপনি এখন সদস্য, ড্যাশবোর্ড থেকে ভাড়া দিতে পারবেন।`;
    case 'agreement-rejected':
      return facts.reason === 'apartment-booked'
        ? 'আপনি যে অ্যাপার্টমেন্টটি চেয়েছিলেন তা অন্য একজন বাসিন্দা বুক করেছেন, তাই আপনার অনুরোধটি বন্ধ হয়েছে। অন্য অ্যাপার্টমেন্টগুলো সাইটে আছে।'
        : 'ভবনের অফিস আপনার চুক্তির অনুরোধ প্রত্যাখ্যান করেছে। অন্য অ্যাপার্টমেন্টগুলো সাইটে আছে।';
    case 'rent-paid':
      return `ধন্যবাদ: অ্যাপার্টমেন্ট ${facts.apartment}-এর ${monthYear(facts.month, facts.year)}-এর ভাড়া ${taka(facts.amountPoisha)} পেয়েছি (লেনদেন ${facts.transactionId})। রসিদ সংযুক্ত।`;
    case 'rent-reminder':
      return facts.due === 'due'
        ? `অনুস্মারক: অ্যাপার্টমেন্ট ${facts.apartment}-এর ${monthYear(facts.month, facts.year)}-এর ভাড়া ${taka(facts.amountPoisha)} দেওয়ার সময় হয়েছে। অনুগ্রহ করে ${facts.dueBy ? `${day(facts.dueBy)}-এর` : '৫ তারিখের'} মধ্যে দিন।`
        : `অ্যাপার্টমেন্ট ${facts.apartment}-এর ${monthYear(facts.month, facts.year)}-এর ভাড়া ${taka(facts.amountPoisha)} বকেয়া। অনুগ্রহ করে যত তাড়াতাড়ি সম্ভব দিন।`;
    case 'rent-refunded':
      return `${monthYear(facts.month, facts.year)}-এর ভাড়ার ${taka(facts.amountPoisha)} আপনার কার্ডে ফেরত দেওয়া হয়েছে। ${facts.reopened ? 'পুরো টাকা ফেরত গেছে, তাই সেই মাসের ভাড়া আবার দিতে হবে: ড্যাশবোর্ড থেকে দিতে পারবেন।' : 'বাকি টাকা মাসের ভাড়া হিসেবে গণ্য থাকবে।'}`;
    case 'payment-recorded':
      return `ধন্যবাদ: অ্যাপার্টমেন্ট ${facts.apartment}-এর ${monthYear(facts.month, facts.year)}-এর জন্য ${methodBn[facts.method]}-এ ${taka(facts.amountPoisha)} পেয়েছি (রেফারেন্স ${facts.reference})। রসিদ সংযুক্ত।`;
    case 'charge-added':
      return `অ্যাপার্টমেন্ট ${facts.apartment}-এর হিসাবে ${monthYear(facts.month, facts.year)}-এর জন্য ${chargeBn[facts.charge]} ${taka(facts.amountPoisha)} যোগ হয়েছে${facts.description ? ` (${facts.description})` : ''}। এটি মাসের ভাড়ার সাথে দেয়।`;
    case 'deposit-paid':
      return `ধন্যবাদ: অ্যাপার্টমেন্ট ${facts.si}-এর অগ্রিম জমা বাবদ ${methodBn[facts.method]}-এ ${taka(facts.amountPoisha)} পেয়েছি (রেফারেন্স ${facts.reference})।`;
    case 'deposit-settled':
      return `অ্যাপার্টমেন্ট ${facts.si}-এর অগ্রিম জমা নিষ্পত্তি হয়েছে: কর্তন বাবদ ${taka(facts.keptPoisha)} রাখা হয়েছে, ${taka(facts.returnedPoisha)} ${methodBn[facts.method]}-এ ফেরত দেওয়া হয়েছে (রেফারেন্স ${facts.reference})।`;
    case 'maintenance-status': {
      const detail =
        facts.status === 'scheduled' && facts.scheduledFor
          ? ` (${day(facts.scheduledFor)})`
          : facts.status === 'declined' && facts.reason
            ? `: ${facts.reason}`
            : '';
      return `অ্যাপার্টমেন্ট ${facts.apartment}-এর রক্ষণাবেক্ষণ অনুরোধ ${statusBn[facts.status]}${detail}।`;
    }
    default: {
      const unhandled: never = facts;
      throw new Error(`no email for ${JSON.stringify(unhandled)}`);
    }
  }
}

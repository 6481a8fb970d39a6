import type { NotificationFacts } from '@building/events/read-models/notifications';
import { chargeInWords } from '@building/infra/receipts/charge-words';
import { itemLines } from './item-lines.ts';
import { formatLongDate, formatMonthYear, formatTaka } from '@building/infra/receipts/format-for-reader';

/** Taka, months and days as the Bangla UI writes them: `৳ ২১,০০০`, `নভেম্বর ২০২৬`. */
const taka = (poisha: number) => formatTaka(poisha, 'bn');
const monthYear = (month: string, year: number) => formatMonthYear(month, year, 'bn');
const day = (isoDate: string) => formatLongDate(isoDate, 'bn');

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
/** The subject and body in Bangla, for a person who reads the site in Bangla; the same facts as the English. */
export function wordsInBangla(facts: NotificationFacts): { subject: string; body: string } {
  switch (facts.kind) {
    case 'agreement-accepted':
      return {
        subject: `অ্যাপার্টমেন্ট ${facts.apartment}-এর চুক্তি গৃহীত হয়েছে`,
        body: `স্বাগতম: অ্যাপার্টমেন্ট ${facts.apartment}-এর জন্য আপনার চুক্তির অনুরোধ গৃহীত হয়েছে। আপনি এখন সদস্য, ড্যাশবোর্ড থেকে ভাড়া দিতে পারবেন।`,
      };
    case 'agreement-rejected':
      return {
        subject: 'আপনার চুক্তির অনুরোধ গৃহীত হয়নি',
        body:
          facts.reason === 'apartment-booked'
            ? 'আপনি যে অ্যাপার্টমেন্টটি চেয়েছিলেন তা অন্য একজন বাসিন্দা বুক করেছেন, তাই আপনার অনুরোধটি বন্ধ হয়েছে। অন্য অ্যাপার্টমেন্টগুলো সাইটে আছে।'
            : 'ভবনের অফিস আপনার চুক্তির অনুরোধ প্রত্যাখ্যান করেছে। অন্য অ্যাপার্টমেন্টগুলো সাইটে আছে।',
      };
    case 'rent-paid':
      return {
        subject: `রসিদ: ${monthYear(facts.month, facts.year)}-এর ভাড়া, ${taka(facts.amountPoisha)}`,
        body: `ধন্যবাদ: অ্যাপার্টমেন্ট ${facts.apartment}-এর ${monthYear(facts.month, facts.year)}-এর ভাড়া ${taka(facts.amountPoisha)} পেয়েছি (লেনদেন ${facts.transactionId})। রসিদ সংযুক্ত।`,
      };
    case 'rent-reminder': {
      // The amount is the month's dues: its rent and whatever charges and late fee are left unpaid.
      const owed = facts.items
        ? `:\n\n${itemLines(facts.items, 'bn')}\n\n`
        : ' (ভাড়া, এবং অপরিশোধিত চার্জ ও বিলম্ব ফি থাকলে তা-ও)। ';
      return facts.due === 'due'
        ? {
            subject: `${monthYear(facts.month, facts.year)}-এর পাওনা পরিশোধের সময় হয়েছে`,
            body: `অনুস্মারক: অ্যাপার্টমেন্ট ${facts.apartment}-এর ${monthYear(facts.month, facts.year)}-এর পাওনা ${taka(facts.amountPoisha)}${owed}অনুগ্রহ করে ${facts.dueBy ? `${day(facts.dueBy)}-এর` : '৫ তারিখের'} মধ্যে দিন।`,
          }
        : {
            subject: `${monthYear(facts.month, facts.year)}-এর পাওনা বকেয়া`,
            body: `অ্যাপার্টমেন্ট ${facts.apartment}-এর ${monthYear(facts.month, facts.year)}-এর পাওনা ${taka(facts.amountPoisha)} এখন বকেয়া${owed}অনুগ্রহ করে যত তাড়াতাড়ি সম্ভব দিন।`,
          };
    }
    case 'rent-refunded':
      return {
        subject: `ফেরত: ${monthYear(facts.month, facts.year)}-এর ভাড়া, ${taka(facts.amountPoisha)}`,
        body: `${monthYear(facts.month, facts.year)}-এর ভাড়ার ${taka(facts.amountPoisha)} আপনার কার্ডে ফেরত দেওয়া হয়েছে। ${facts.reopened ? 'পুরো টাকা ফেরত গেছে, তাই সেই মাসের ভাড়া আবার দিতে হবে: ড্যাশবোর্ড থেকে দিতে পারবেন।' : `বাকি টাকা মাসের ভাড়া হিসেবে গণ্য থাকবে; ফেরত দেওয়া ${taka(facts.amountPoisha)} আবার দিতে হবে: ড্যাশবোর্ড থেকে দিতে পারবেন।`}`,
      };
    case 'payment-recorded':
      return {
        subject: `রসিদ: ${monthYear(facts.month, facts.year)}, ${methodBn[facts.method]}-এ ${taka(facts.amountPoisha)}`,
        body: `ধন্যবাদ: অ্যাপার্টমেন্ট ${facts.apartment}-এর ${monthYear(facts.month, facts.year)}-এর জন্য ${methodBn[facts.method]}-এ ${taka(facts.amountPoisha)} পেয়েছি (রেফারেন্স ${facts.reference})। রসিদ সংযুক্ত।`,
      };
    case 'charge-added':
      return {
        subject: `${monthYear(facts.month, facts.year)}-এর নতুন চার্জ: ${taka(facts.amountPoisha)}`,
        body: `অ্যাপার্টমেন্ট ${facts.apartment}-এর হিসাবে ${monthYear(facts.month, facts.year)}-এর জন্য একটি চার্জ যোগ হয়েছে: ${chargeInWords(facts.description, 'bn', facts.charge)}, ${taka(facts.amountPoisha)}। এটি মাসের ভাড়ার সাথে দেয়।`,
      };
    case 'deposit-paid':
      return {
        subject: `রসিদ: জামানত, ${methodBn[facts.method]}-এ ${taka(facts.amountPoisha)}`,
        body: `ধন্যবাদ: অ্যাপার্টমেন্ট ${facts.si}-এর জামানত বাবদ ${methodBn[facts.method]}-এ ${taka(facts.amountPoisha)} পেয়েছি (রেফারেন্স ${facts.reference})।`,
      };
    case 'deposit-settled':
      return {
        subject: `আপনার জামানত নিষ্পত্তি হয়েছে: ${taka(facts.returnedPoisha)} ফেরত`,
        body: `অ্যাপার্টমেন্ট ${facts.si}-এর জামানত নিষ্পত্তি হয়েছে: কর্তন বাবদ ${taka(facts.keptPoisha)} রাখা হয়েছে, ${taka(facts.returnedPoisha)} ${methodBn[facts.method]}-এ ফেরত দেওয়া হয়েছে (রেফারেন্স ${facts.reference})।`,
      };
    case 'maintenance-status': {
      const detail =
        facts.status === 'scheduled' && facts.scheduledFor
          ? ` (${day(facts.scheduledFor)})`
          : facts.status === 'declined' && facts.reason
            ? `: ${facts.reason}`
            : '';
      return {
        subject: `${facts.apartment}-এর রক্ষণাবেক্ষণ অনুরোধ: ${statusBn[facts.status]}`,
        body: `অ্যাপার্টমেন্ট ${facts.apartment}-এর রক্ষণাবেক্ষণ অনুরোধ ${statusBn[facts.status]}${detail}।`,
      };
    }
    case 'maintenance-comment':
      return {
        subject: 'ভবনের অফিস আপনার রক্ষণাবেক্ষণ অনুরোধে লিখেছে',
        body: `ভবনের অফিস আপনার রক্ষণাবেক্ষণ অনুরোধে লিখেছে:\n\n"${facts.text}"\n\nড্যাশবোর্ড থেকে উত্তর দিতে পারবেন।`,
      };
    case 'member-removed':
      return {
        subject: 'আপনার সদস্যপদ শেষ হয়েছে',
        body: 'ভবনের অফিস আপনাকে সদস্য থেকে সরিয়ে দিয়েছে, তাই আপনার ভাড়ার চুক্তি শেষ হয়েছে। আপনার পরিশোধের ইতিহাস ও রসিদ ড্যাশবোর্ডে থাকবে; কোনো প্রশ্ন থাকলে অফিসে যোগাযোগ করুন।',
      };
    default: {
      const unhandled: never = facts;
      throw new Error(`no email for ${JSON.stringify(unhandled)}`);
    }
  }
}

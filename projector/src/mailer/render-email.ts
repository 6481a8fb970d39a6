import type { ProjectedEvent } from '@building/events/decode-event';
import type { NotificationFacts } from '@building/events/read-models/notifications';
import type { EventData, Language } from '@building/events/catalogue';
import { formatLongDate, formatTaka } from '@building/infra/receipts/format-for-reader';
import { buildingIssuer, renderOfflineReceipt, renderReceipt } from '@building/infra/receipts/receipt-pdf';
import { receiptWords } from '@building/infra/receipts/receipt-words';
import { chargeInWords } from '@building/infra/receipts/charge-words';
import { itemLines } from './item-lines.ts';
import { wordsInBangla } from './email-words-bn.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** A Dhaka calendar date (YYYY-MM-DD) as people write it: 30 November 2026. */
const longDate = (isoDate: string) => formatLongDate(isoDate, 'en');
/** Taka as the English UI writes it: ৳ 21,000. */
const taka = (poisha: number) => formatTaka(poisha, 'en');

const signature = (language: Language) =>
  `\n\n${buildingIssuer.name}\n${buildingIssuer.address[language].join('\n')}`;

const statusText: Record<Extract<NotificationFacts, { kind: 'maintenance-status' }>['status'], string> = {
  acknowledged: 'acknowledged',
  scheduled: 'scheduled',
  'in-progress': 'in progress',
  done: 'done',
  declined: 'declined',
};

const methodText = {
  card: 'card',
  cash: 'cash',
  bank: 'bank transfer',
  bkash: 'bKash',
  nagad: 'Nagad',
} as const;
/** Subject and body in English, from the same facts the in-app notification shows. */
function words(facts: NotificationFacts): { subject: string; body: string } {
  switch (facts.kind) {
    case 'agreement-accepted':
      return {
        subject: `Your agreement for apartment ${facts.apartment} is accepted`,
        body: `Welcome home: your agreement request for apartment ${facts.apartment} was accepted. You are now a member and can pay your rent from your dashboard.`,
      };
    case 'agreement-rejected':
      return {
        subject: 'Your agreement request was not accepted',
        body:
          facts.reason === 'apartment-booked'
            ? 'The apartment you asked for has been booked by another resident, so your agreement request was closed. Other apartments are listed on the site.'
            : 'Your agreement request was rejected by the building office. Other apartments are listed on the site.',
      };
    case 'rent-paid':
      return {
        subject: `Receipt: rent for ${facts.month} ${facts.year}, ${taka(facts.amountPoisha)}`,
        body: `Thank you: we received ${taka(facts.amountPoisha)} for the rent of apartment ${facts.apartment}, ${facts.month} ${facts.year} (transaction ${facts.transactionId}). The receipt is attached.`,
      };
    case 'rent-reminder': {
      // The amount is the month's dues: its rent and whatever charges and late fee are left unpaid.
      const owed = facts.items
        ? `:\n\n${itemLines(facts.items, 'en')}\n\n`
        : ' (its rent, and any charges and late fee left unpaid). ';
      return facts.due === 'due'
        ? {
            subject: `Your dues for ${facts.month} ${facts.year} are due`,
            body: `A reminder: apartment ${facts.apartment} owes ${taka(facts.amountPoisha)} for ${facts.month} ${facts.year}${owed}Please pay by ${facts.dueBy ? longDate(facts.dueBy) : 'the 5th'}.`,
          }
        : {
            subject: `Your dues for ${facts.month} ${facts.year} are overdue`,
            body: `Apartment ${facts.apartment} still owes ${taka(facts.amountPoisha)} for ${facts.month} ${facts.year}, now overdue${owed}Please pay it as soon as you can.`,
          };
    }
    case 'rent-refunded':
      return {
        subject: `Refund: rent for ${facts.month} ${facts.year}, ${taka(facts.amountPoisha)}`,
        body: `${taka(facts.amountPoisha)} of your rent payment for ${facts.month} ${facts.year} was refunded to your card. ${facts.reopened ? 'The whole payment went back, so the rent of that month is due again: you can pay it from your dashboard.' : `The rest of the payment still counts for the month; the ${taka(facts.amountPoisha)} refunded is due again: you can pay it from your dashboard.`}`,
      };
    case 'payment-recorded':
      return {
        subject: `Receipt: ${facts.month} ${facts.year}, ${taka(facts.amountPoisha)} by ${methodText[facts.method]}`,
        body: `Thank you: we received ${taka(facts.amountPoisha)} by ${methodText[facts.method]} (reference ${facts.reference}) for apartment ${facts.apartment}, ${facts.month} ${facts.year}. The receipt is attached.`,
      };
    case 'charge-added':
      return {
        subject: `New charge for ${facts.month} ${facts.year}: ${taka(facts.amountPoisha)}`,
        body: `A charge was added to the account of apartment ${facts.apartment} for ${facts.month} ${facts.year}: ${chargeInWords(facts.description, 'en', facts.charge)}, ${taka(facts.amountPoisha)}. It is due with the month's rent.`,
      };
    case 'deposit-paid':
      return {
        subject: `Receipt: deposit, ${taka(facts.amountPoisha)} by ${methodText[facts.method]}`,
        body: `Thank you: we received ${taka(facts.amountPoisha)} by ${methodText[facts.method]} (reference ${facts.reference}) towards the deposit of apartment ${facts.si}.`,
      };
    case 'deposit-settled':
      return {
        subject: `Your deposit is settled: ${taka(facts.returnedPoisha)} returned`,
        body: `The deposit of apartment ${facts.si} is settled: ${taka(facts.keptPoisha)} was kept for the deductions listed in your account, and ${taka(facts.returnedPoisha)} ${facts.method === 'card' ? 'is refunded to your card' : `is returned by ${methodText[facts.method]}`} (reference ${facts.reference}).`,
      };
    case 'maintenance-status': {
      const detail =
        facts.status === 'scheduled' && facts.scheduledFor
          ? ` for ${facts.scheduledFor}`
          : facts.status === 'declined' && facts.reason
            ? `: ${facts.reason}`
            : '';
      return {
        subject: `Maintenance request for ${facts.apartment}: ${statusText[facts.status]}`,
        body: `Your maintenance request for apartment ${facts.apartment} is ${statusText[facts.status]}${detail}.`,
      };
    }
    case 'maintenance-comment':
      return {
        subject: 'The building office wrote on your maintenance request',
        body: `The building office wrote on your maintenance request:\n\n"${facts.text}"\n\nYou can answer from your dashboard.`,
      };
    case 'member-removed':
      return {
        subject: 'Your membership has ended',
        body: 'The building office removed you as a member, so your lease has ended. Your payment history and receipts stay in your dashboard; for questions, please contact the office.',
      };
    default: {
      const unhandled: never = facts;
      throw new Error(`no email for ${JSON.stringify(unhandled)}`);
    }
  }
}

/** What an itemised card payment paid, a line per item (nothing for rent alone), as the receipt says it. */
function paidItems(paid: EventData<'RentPaid'>, language: Language): string {
  if (!paid.items) return '';
  return `\n\n${receiptWords[language].itemsPaid}\n${itemLines(paid.items, language)}`;
}

/**
 * The email an event sends, in the language the recipient reads the site in (the one saved with
 * their profile); a payment's receipt PDF goes with it, in the same language.
 */
export async function renderEmail(
  event: ProjectedEvent,
  to: string,
  facts: NotificationFacts,
  language: Language = 'en',
): Promise<OutgoingEmail> {
  const said = language === 'bn' ? wordsInBangla(facts) : words(facts);
  const subject = said.subject;
  const body = event.type === 'RentPaid' ? `${said.body}${paidItems(event.data, language)}` : said.body;
  const receipt =
    event.type === 'RentPaid'
      ? await renderReceipt(event.data, language)
      : event.type === 'OfflinePaymentRecorded'
        ? await renderOfflineReceipt(event.data, null, language)
        : null;
  const attachments =
    receipt && (event.type === 'RentPaid' || event.type === 'OfflinePaymentRecorded')
      ? [
          {
            filename: `receipt-${event.data.year}-${event.data.month.toLowerCase()}.pdf`,
            content: receipt,
            contentType: 'application/pdf',
          },
        ]
      : [];
  return { to, subject, text: `${body}${signature(language)}`, attachments };
}

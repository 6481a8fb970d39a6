import type { TFunction } from 'i18next';
import type { InAppFacts } from '@building/events/read-models/notifications';
import { formatDay, formatTaka, formatYear } from './format.ts';
import { formatRecordedMonth as month } from './recorded-month.ts';

const statusKey = {
  acknowledged: 'notifications.status.acknowledged',
  scheduled: 'notifications.status.scheduled',
  'in-progress': 'notifications.status.inProgress',
  done: 'notifications.status.done',
  declined: 'notifications.status.declined',
} as const;

/** What a notification says, in the reader's language, built from its facts. */
export function notificationText(t: TFunction, facts: InAppFacts): string {
  switch (facts.kind) {
    case 'agreement-accepted':
      return t('notifications.agreementAccepted', { apartment: facts.apartment });
    case 'agreement-rejected':
      return facts.reason === 'apartment-booked'
        ? t('notifications.agreementRejectedBooked')
        : t('notifications.agreementRejected');
    case 'rent-paid':
      return t('notifications.rentPaid', {
        month: month(facts.month),
        year: formatYear(facts.year),
        amount: formatTaka(facts.amountPoisha / 100),
      });
    case 'rent-refunded':
      return t(facts.reopened ? 'notifications.rentRefundedReopened' : 'notifications.rentRefunded', {
        month: month(facts.month),
        year: formatYear(facts.year),
        amount: formatTaka(facts.amountPoisha / 100),
      });
    case 'rent-reminder':
      return t(facts.due === 'due' ? 'notifications.rentDue' : 'notifications.rentOverdue', {
        month: month(facts.month),
        year: formatYear(facts.year),
        amount: formatTaka(facts.amountPoisha / 100),
      });
    case 'payment-recorded':
      return t('account.paymentRecorded', {
        month: month(facts.month),
        year: formatYear(facts.year),
        amount: formatTaka(facts.amountPoisha / 100),
        method: t(`account.methods.${facts.method}`),
        reference: facts.reference,
      });
    case 'charge-added':
      return t('account.chargeAdded', {
        month: month(facts.month),
        year: formatYear(facts.year),
        amount: formatTaka(facts.amountPoisha / 100),
        charge: t(`account.chargeKinds.${facts.charge}`),
      });
    case 'deposit-paid':
      return t('account.depositPaid', {
        amount: formatTaka(facts.amountPoisha / 100),
        method: t(`account.methods.${facts.method}`),
        reference: facts.reference,
      });
    case 'deposit-settled':
      return t('account.depositSettled', {
        kept: formatTaka(facts.keptPoisha / 100),
        returned: formatTaka(facts.returnedPoisha / 100),
        method: t(`account.methods.${facts.method}`),
      });
    case 'maintenance-status':
      if (facts.status === 'scheduled' && facts.scheduledFor)
        return t('notifications.maintenanceScheduled', {
          apartment: facts.apartment,
          date: formatDay(facts.scheduledFor),
        });
      if (facts.status === 'declined' && facts.reason)
        return t('notifications.maintenanceDeclined', { apartment: facts.apartment, reason: facts.reason });
      return t('notifications.maintenance', {
        apartment: facts.apartment,
        status: t(statusKey[facts.status]),
      });
    case 'maintenance-comment':
      return t('notifications.maintenanceComment', { text: facts.text });
    case 'member-removed':
      return t('notifications.memberRemoved');
    case 'announcement':
      return t('announcementTerms.notification', { title: facts.title });
    default: {
      const unhandled: never = facts;
      return String(unhandled);
    }
  }
}

import type { DomainEvent, EmailKind } from './catalogue.ts';
import type { NotificationFacts } from './read-models/notifications.ts';

/** Who an event notifies, what it says, and the kind of email it sends (which they may turn off). */
export interface NotificationOf {
  recipient: string;
  facts: NotificationFacts;
  emailKind: EmailKind;
}

/**
 * The notification an event makes, if any: one recipient each. The in-app list and the mailer
 * read the same rules, so the bell and the mailbox never disagree about what happened.
 */
export function notificationOf(event: DomainEvent): NotificationOf | null {
  switch (event.type) {
    case 'AgreementAccepted': {
      const { userEmail, apartment, si } = event.data;
      return {
        recipient: userEmail.toLowerCase(),
        facts: { kind: 'agreement-accepted', apartment, si },
        emailKind: 'agreement-decision',
      };
    }
    case 'AgreementRejected': {
      const { userEmail, si, reason } = event.data;
      return {
        recipient: userEmail.toLowerCase(),
        facts: { kind: 'agreement-rejected', si, reason },
        emailKind: 'agreement-decision',
      };
    }
    case 'RentPaid': {
      const { email, apartment, month, year, amountPoisha, transactionId } = event.data;
      return {
        recipient: email.toLowerCase(),
        facts: { kind: 'rent-paid', apartment, month, year, amountPoisha, transactionId },
        emailKind: 'payment-receipt',
      };
    }
    case 'RentRefunded': {
      // A second charge's refund is said by the payment answer itself; one made at the provider is news.
      const { email, si, month, year, amountPoisha, reason, coveredPoisha } = event.data;
      if (reason !== 'provider-refund') return null;
      return {
        recipient: email.toLowerCase(),
        facts: { kind: 'rent-refunded', si, month, year, amountPoisha, reopened: coveredPoisha === 0 },
        emailKind: 'payment-receipt',
      };
    }
    case 'RentReminderIssued': {
      const { email, apartment, month, year, amountPoisha, kind, dueBy, items } = event.data;
      return {
        recipient: email.toLowerCase(),
        facts: {
          kind: 'rent-reminder',
          apartment,
          month,
          year,
          amountPoisha,
          due: kind,
          ...(dueBy ? { dueBy } : {}),
          ...(items ? { items } : {}),
        },
        emailKind: 'rent-reminder',
      };
    }
    case 'OfflinePaymentRecorded': {
      const { email, apartment, month, year, amountPoisha, method, reference, paymentId } = event.data;
      return {
        recipient: email.toLowerCase(),
        facts: {
          kind: 'payment-recorded',
          apartment,
          month,
          year,
          amountPoisha,
          method,
          reference,
          paymentId,
        },
        emailKind: 'payment-receipt',
      };
    }
    case 'ChargeAdded': {
      const { email, apartment, month, year, amountPoisha, kind, description } = event.data;
      return {
        recipient: email.toLowerCase(),
        facts: { kind: 'charge-added', apartment, month, year, amountPoisha, charge: kind, description },
        emailKind: 'payment-receipt',
      };
    }
    case 'DepositPaid': {
      const { email, si, amountPoisha, method, reference } = event.data;
      return {
        recipient: email.toLowerCase(),
        facts: { kind: 'deposit-paid', si, amountPoisha, method, reference },
        emailKind: 'payment-receipt',
      };
    }
    case 'DepositSettled': {
      const { email, si, deductions, returnedPoisha, method, reference } = event.data;
      const keptPoisha = deductions.reduce((sum, d) => sum + d.amountPoisha, 0);
      return {
        recipient: email.toLowerCase(),
        facts: { kind: 'deposit-settled', si, keptPoisha, returnedPoisha, method, reference },
        emailKind: 'payment-receipt',
      };
    }
    case 'MaintenanceStatusChanged': {
      const { email, apartment, requestId, status, scheduledFor, reason } = event.data;
      const facts: NotificationFacts = { kind: 'maintenance-status', apartment, requestId, status };
      if (scheduledFor !== undefined) facts.scheduledFor = scheduledFor;
      if (reason !== undefined) facts.reason = reason;
      return { recipient: email.toLowerCase(), facts, emailKind: 'maintenance-status' };
    }
    case 'MaintenanceCommentAdded': {
      // The office's word is news to the resident; the resident's own comment is not.
      const { email, requestId, text, authorRole } = event.data;
      if (authorRole !== 'admin') return null;
      return {
        recipient: email.toLowerCase(),
        facts: { kind: 'maintenance-comment', requestId, text },
        emailKind: 'maintenance-status',
      };
    }
    case 'MemberDemoted': {
      const { email, endedLeases } = event.data;
      return {
        recipient: email.toLowerCase(),
        facts: { kind: 'member-removed', leases: endedLeases.length },
        emailKind: 'agreement-decision',
      };
    }
    default:
      return null;
  }
}

import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { given, rowsOf } from '../testing/given-events.ts';
import { notifications } from './notifications.ts';

const ana = 'Ana@Example.com';
const anaStream = 'user-ana@example.com';
const requestId = '11111111-1111-4111-8111-111111111111';
const lease = { si: 3, apartment: 'A-103', block: 'A', floor: 1, room: '103', rent: 13000 };
const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();

const accepted: [string, DomainEvent] = [
  'agreement-3',
  {
    type: 'AgreementAccepted',
    data: { ...lease, requestId, userEmail: ana, userName: 'Ana', acceptedAt: at(5) },
  },
];
const rejected: [string, DomainEvent] = [
  'agreement-4',
  { type: 'AgreementRejected', data: { requestId, si: 4, userEmail: ana, reason: 'rejected-by-admin' } },
];
const reminder: [string, DomainEvent] = [
  'payment-3-2026-february',
  {
    type: 'RentReminderIssued',
    data: {
      si: 3,
      apartment: 'A-103',
      month: 'February',
      year: 2026,
      email: ana,
      name: 'Ana',
      kind: 'overdue',
      amountPoisha: 1_300_000,
      issuedAt: at(7),
    },
  },
];
const paid: [string, DomainEvent] = [
  'payment-3-2026-february',
  {
    type: 'RentPaid',
    data: {
      ...lease,
      paymentIntentId: 'pi_1',
      transactionId: 'ch_1',
      month: 'February',
      year: 2026,
      email: ana,
      name: 'Ana',
      rentPoisha: 1_300_000,
      discount: 10,
      couponCode: 'SPRING',
      amountPoisha: 1_170_000,
      paidAt: at(8),
    },
  },
];
const scheduled: [string, DomainEvent] = [
  'maintenance-22222222-2222-4222-8222-222222222222',
  {
    type: 'MaintenanceStatusChanged',
    data: {
      requestId: '22222222-2222-4222-8222-222222222222',
      email: ana,
      si: 3,
      apartment: 'A-103',
      status: 'scheduled',
      scheduledFor: '2026-02-10',
      changedBy: 'admin@example.com',
      changedAt: at(9),
    },
  },
];
const read = (upTo: string): [string, DomainEvent] => [
  anaStream,
  { type: 'NotificationsRead', data: { email: ana, upTo } },
];
const preferences: [string, DomainEvent] = [
  anaStream,
  { type: 'EmailPreferencesChanged', data: { email: ana, off: ['rent-reminder'] } },
];

describe('notifications projection', () => {
  const events = given(accepted, rejected, reminder, paid, scheduled, read(at(6)), preferences);
  const rows = rowsOf(notifications, events);

  it('makes one row per notifying event, for its recipient, with the facts for the text', () => {
    const row = (index: number, facts: object) => ({
      notification_id: events[index]!.id,
      email: 'ana@example.com',
      kind: (facts as { kind: string }).kind,
      facts: JSON.stringify(facts),
      created_at: events[index]!.occurredAt,
    });
    const expected = [
      row(0, { kind: 'agreement-accepted', apartment: 'A-103', si: 3 }),
      row(1, { kind: 'agreement-rejected', si: 4, reason: 'rejected-by-admin' }),
      row(2, {
        kind: 'rent-reminder',
        apartment: 'A-103',
        month: 'February',
        year: 2026,
        amountPoisha: 1_300_000,
        due: 'overdue',
      }),
      row(3, {
        kind: 'rent-paid',
        apartment: 'A-103',
        month: 'February',
        year: 2026,
        amountPoisha: 1_170_000,
        transactionId: 'ch_1',
      }),
      row(4, {
        kind: 'maintenance-status',
        apartment: 'A-103',
        requestId: '22222222-2222-4222-8222-222222222222',
        status: 'scheduled',
        scheduledFor: '2026-02-10',
      }),
    ];
    expect(rows.notifications).toEqual(
      expected.sort((a, b) => a.notification_id.localeCompare(b.notification_id, 'en', { numeric: true })),
    );
  });

  it("keeps the recipient's read mark and the emails they turned off", () => {
    expect(rows.recipients).toEqual([
      { email: 'ana@example.com', read_up_to: at(6), email_off: '["rent-reminder"]' },
    ]);
  });

  it('changes nothing when the same events arrive again', () => {
    expect(rowsOf(notifications, events, 2)).toEqual(rows);
  });

  it('tells the resident of a refund made at the provider, and says when the month is due again; not of a second charge refunded', () => {
    const refunded = (reason: 'provider-refund' | 'duplicate-charge', coveredPoisha?: number) =>
      given([
        'payment-3-2026-february',
        {
          type: 'RentRefunded',
          data: {
            ...{
              paymentIntentId: 'pi_1',
              refundId: 're_1',
              si: 3,
              month: 'February',
              year: 2026,
              email: ana,
            },
            ...{ amountPoisha: 1_170_000, reason, ...(coveredPoisha === undefined ? {} : { coveredPoisha }) },
            refundedAt: at(10),
          },
        },
      ])[0]!;
    const factsOf = (event: ReturnType<typeof refunded>) =>
      notifications
        .evolve(event)
        .map((change) => JSON.parse((change as unknown as { insert: { facts: string } }).insert.facts));
    const facts = { kind: 'rent-refunded', si: 3, month: 'February', year: 2026, amountPoisha: 1_170_000 };
    expect(factsOf(refunded('provider-refund', 0))).toEqual([{ ...facts, reopened: true }]);
    expect(factsOf(refunded('provider-refund', 500))).toEqual([{ ...facts, reopened: false }]);
    expect(notifications.evolve(refunded('duplicate-charge'))).toEqual([]);
  });

  it('ignores events that notify nobody', () => {
    const registered = given([
      anaStream,
      { type: 'UserRegistered', data: { email: ana, name: 'Ana', photoURL: '' } },
    ]);
    expect(notifications.evolve(registered[0]!)).toEqual([]);
  });
});

describe('notifications of the office', () => {
  const maintenanceId = '33333333-3333-4333-8333-333333333333';
  const comment = (authorRole: 'admin' | 'member'): [string, DomainEvent] => [
    `maintenance-${maintenanceId}`,
    {
      type: 'MaintenanceCommentAdded',
      data: {
        requestId: maintenanceId,
        email: ana,
        author: authorRole === 'admin' ? 'admin@example.com' : ana,
        authorRole,
        text: authorRole === 'admin' ? 'The plumber comes on Sunday' : 'Thanks',
        commentedAt: at(20),
      },
    },
  ];
  const removed: [string, DomainEvent] = [
    anaStream,
    { type: 'MemberDemoted', data: { email: ana, endedLeases: [3] } },
  ];

  it("tells the resident of an admin's comment on their request (not of their own), and of their removal", () => {
    const events = given(comment('member'), comment('admin'), removed);
    const facts = (rowsOf(notifications, events).notifications ?? []).map((row) =>
      JSON.parse(String(row.facts)),
    );
    expect(facts).toEqual(
      expect.arrayContaining([
        { kind: 'maintenance-comment', requestId: maintenanceId, text: 'The plumber comes on Sunday' },
        { kind: 'member-removed', leases: 1 },
      ]),
    );
    expect(facts).toHaveLength(2);
  });
});

describe('announcements told to residents', () => {
  const announcementId = '44444444-4444-4444-8444-444444444444';
  const news = `announcement-${announcementId}`;
  const events = given(
    [anaStream, { type: 'MemberPromoted', data: { email: ana, si: 3 } }],
    [news, { type: 'AnnouncementPosted', data: { announcementId, title: 'Water', description: 'Off' } }],
    [news, { type: 'AnnouncementEdited', data: { announcementId, title: 'No water', description: 'Off' } }],
    [news, { type: 'AnnouncementExpirySet', data: { announcementId, expiresOn: '2026-01-31' } }],
    [anaStream, { type: 'MemberDemoted', data: { email: ana, endedLeases: [3] } }],
    [anaStream, { type: 'MemberPromoted', data: { email: ana, si: 4 } }],
  );
  const rows = rowsOf(notifications, events);

  it('keeps one row per announcement, its title as last edited and its last day', () => {
    expect(rows.broadcasts).toEqual([
      {
        notification_id: events[1]!.id,
        announcement_id: announcementId,
        facts: JSON.stringify({ kind: 'announcement', announcementId, title: 'No water' }),
        created_at: events[1]!.occurredAt,
        expires_on: '2026-01-31',
      },
    ]);
  });

  it('keeps each time a person lived in the building, ended by their removal', () => {
    expect(rows.residencies).toEqual(
      [
        {
          residency_id: events[0]!.id,
          email: 'ana@example.com',
          since: events[0]!.occurredAt,
          ended_at: events[4]!.occurredAt,
        },
        {
          residency_id: events[5]!.id,
          email: 'ana@example.com',
          since: events[5]!.occurredAt,
          ended_at: null,
        },
      ].sort((a, b) => a.residency_id.localeCompare(b.residency_id, 'en', { numeric: true })),
    );
  });

  it('changes nothing when the same events arrive again', () => {
    expect(rowsOf(notifications, events, 2)).toEqual(rows);
  });
});

describe("notifications of a resident's account", () => {
  const month = {
    si: 3,
    apartment: 'A-103',
    month: 'March',
    year: 2026,
    email: ana,
    name: 'Ana',
    leaseId: requestId,
  } as const;
  const charge: [string, DomainEvent] = [
    'payment-3-2026-march',
    {
      type: 'ChargeAdded',
      data: {
        ...month,
        chargeId: '44444444-4444-4444-8444-444444444444',
        block: 'A',
        kind: 'water',
        amountPoisha: 45_050,
        description: 'Pump repair',
        origin: 'admin',
        addedBy: 'admin@example.com',
        addedAt: at(30),
      },
    },
  ];
  const recorded: [string, DomainEvent] = [
    'payment-3-2026-march',
    {
      type: 'OfflinePaymentRecorded',
      data: {
        ...month,
        paymentId: '55555555-5555-4555-8555-555555555555',
        method: 'bkash',
        reference: 'TXN8H2K',
        amountPoisha: 500_000,
        recordedBy: 'admin@example.com',
        recordedAt: at(31),
      },
    },
  ];
  const settled: [string, DomainEvent] = [
    `deposit-${requestId}`,
    {
      type: 'DepositSettled',
      data: {
        leaseId: requestId,
        si: 3,
        email: ana,
        name: 'Ana',
        owedPoisha: 2_600_000,
        heldPoisha: 2_600_000,
        deductions: [
          { reason: 'Broken window', amountPoisha: 300_000 },
          { reason: 'Cleaning', amountPoisha: 50_000 },
        ],
        returnedPoisha: 2_250_000,
        method: 'cash',
        reference: 'RET-1',
        settledBy: 'admin@example.com',
        settledAt: at(32),
      },
    },
  ];

  it('tells the resident of a new charge, a payment recorded at the desk and their deposit settled, once each', () => {
    const events = given(charge, recorded, settled);
    const rows = rowsOf(notifications, events);
    expect(rowsOf(notifications, events, 2)).toEqual(rows);
    const said = rows.notifications!.map((row) => ({ to: row.email, ...JSON.parse(String(row.facts)) }));
    expect(said).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: 'ana@example.com',
          kind: 'charge-added',
          charge: 'water',
          amountPoisha: 45_050,
          description: 'Pump repair',
        }),
        expect.objectContaining({
          to: 'ana@example.com',
          kind: 'payment-recorded',
          method: 'bkash',
          reference: 'TXN8H2K',
          amountPoisha: 500_000,
        }),
        expect.objectContaining({
          to: 'ana@example.com',
          kind: 'deposit-settled',
          keptPoisha: 350_000,
          returnedPoisha: 2_250_000,
          method: 'cash',
        }),
      ]),
    );
    expect(said).toHaveLength(3);
  });
});

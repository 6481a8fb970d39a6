import { describe, expect, it } from 'vitest';
import type { ApartmentDetails, DomainEvent } from '@building/events/catalogue';
import { leaseAccepted, leaseOf, rentPaid } from '@building/events/testing/event-fixtures';
import { given, rowsOf } from '../testing/given-events.ts';
import type { Projection } from '../projection.ts';
import { agreementRequests } from './agreement-requests.ts';
import { announcements } from './announcements.ts';
import { apartments } from './apartments.ts';
import { coupons } from './coupons.ts';
import { memberApartments } from './member-apartments.ts';
import { maintenance } from './maintenance.ts';
import { members } from './members.ts';
import { payments } from './payments.ts';
import { statistics } from './statistics.ts';
import { users } from './users.ts';

const flat: ApartmentDetails = {
  si: 3,
  apartment: 'A-103',
  block: 'A',
  floor: 1,
  room: '103',
  rent: 13000,
  image: '/a.svg',
};
const { image: _image, ...lease } = flat;
const ana = 'ana@example.com';
const ben = 'Ben@Example.com';
const requestA = '11111111-1111-4111-8111-111111111111';
const requestB = '22222222-2222-4222-8222-222222222222';
const coupon = '33333333-3333-4333-8333-333333333333';
const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();

const e = {
  registered: (email: string, name: string): [string, DomainEvent] => [
    `user-${email.toLowerCase()}`,
    { type: 'UserRegistered', data: { email, name, photoURL: `https://img.test/${name}.png` } },
  ],
  listed: (details = flat): [string, DomainEvent] => [
    `apartment-${details.si}`,
    { type: 'ApartmentListed', data: details },
  ],
  requested: (requestId: string, email: string, name: string): [string, DomainEvent] => [
    'agreement-3',
    {
      type: 'AgreementRequested',
      data: { ...lease, requestId, userEmail: email, userName: name, requestedAt: at(1) },
    },
  ],
  accepted: (requestId: string, email: string, name: string): [string, DomainEvent] => [
    'agreement-3',
    leaseAccepted({ email, name }, at(5), leaseOf(), requestId),
  ],
  rejected: (requestId: string, email: string): [string, DomainEvent] => [
    'agreement-3',
    { type: 'AgreementRejected', data: { requestId, si: 3, userEmail: email, reason: 'apartment-booked' } },
  ],
  promoted: (email: string): [string, DomainEvent] => [
    `user-${email.toLowerCase()}`,
    { type: 'MemberPromoted', data: { email, si: 3 } },
  ],
  demoted: (email: string): [string, DomainEvent] => [
    `user-${email.toLowerCase()}`,
    { type: 'MemberDemoted', data: { email, endedLeases: [3] } },
  ],
  leaseEnded: (email: string): [string, DomainEvent] => [
    'agreement-3',
    { type: 'LeaseEnded', data: { si: 3, userEmail: email, endedAt: at(9), reason: 'member-demoted' } },
  ],
};

/** given(history) -> then(rows), and the same rows when the whole history arrives again. */
function expectRows(
  projection: Projection,
  history: Array<[string, DomainEvent]>,
  rows: Record<string, unknown[]>,
) {
  const events = given(...history);
  const once = rowsOf(projection, events);
  expect(once).toEqual(rows);
  expect(rowsOf(projection, events, 2)).toEqual(once);
}

const booking = [
  e.registered(ana, 'Ana'),
  e.registered(ben, 'Ben'),
  e.listed(),
  e.requested(requestA, ana, 'Ana'),
  e.requested(requestB, ben, 'Ben'),
  e.accepted(requestA, ana, 'Ana'),
  e.rejected(requestB, ben),
  e.promoted(ana),
];
const listing = { apartment: 'A-103', block: 'A', floor: 1, room: '103', rent: 13000, image: '/a.svg' };

describe('projections: given events, then rows', () => {
  it('apartments: listed, booked by the accepted member, freed when the lease ends', () => {
    expectRows(apartments, booking, { apartments: [{ si: 3, listed: true, booked_by: ana, ...listing }] });
    expectRows(apartments, [...booking, e.demoted(ana), e.leaseEnded(ana)], {
      apartments: [{ si: 3, listed: true, booked_by: null, ...listing }],
    });
    // The booking may arrive before the listing (another stream): separate columns.
    expectRows(apartments, [e.accepted(requestA, ana, 'Ana'), e.listed()], {
      apartments: [{ si: 3, listed: true, booked_by: ana, ...listing }],
    });
  });

  it('agreement requests: pending, then accepted or rejected with the decision time', () => {
    const request = (requestId: string, email: string, name: string, status: string, decided: string) => ({
      request_id: requestId,
      user_name: name,
      user_email: email.toLowerCase(),
      ...lease,
      status,
      requested_at: at(1),
      decided_at: decided,
    });
    const events = given(...booking);
    expectRows(agreementRequests, booking, {
      requests: [
        request(requestA, ana, 'Ana', 'accepted', at(5)),
        request(requestB, ben, 'Ben', 'rejected', events[6]!.occurredAt),
      ],
    });
  });

  it('member apartments: a lease per accepted request, ended on demotion', () => {
    const leaseRow = (ended: string | null) => ({
      request_id: requestA,
      email: ana,
      name: 'Ana',
      ...lease,
      accept_date: at(5),
      ended_at: ended,
    });
    expectRows(memberApartments, booking, { leases: [leaseRow(null)] });
    expectRows(memberApartments, [...booking, e.demoted(ana), e.leaseEnded(ana)], {
      leases: [leaseRow(at(9))],
    });
  });

  it('users, members and statistics: roles from the user stream, emails in lower case', () => {
    const history = [...booking, e.demoted(ana)];
    expectRows(users, history, {
      accounts: [
        {
          email: ana,
          admin: false,
          member: false,
          name: 'Ana',
          photo_url: 'https://img.test/Ana.png',
          registered: true,
        },
        {
          email: 'ben@example.com',
          admin: false,
          member: false,
          name: 'Ben',
          photo_url: 'https://img.test/Ben.png',
          registered: true,
        },
      ],
    });
    expectRows(members, booking, {
      accounts: [
        { email: ana, admin: false, member: true, name: 'Ana' },
        { email: 'ben@example.com', admin: false, member: false, name: 'Ben' },
      ],
    });
    expectRows(statistics, booking, {
      apartments: [{ si: 3, listed: true, booked_by: ana }],
      accounts: [
        { email: ana, admin: false, member: true },
        { email: 'ben@example.com', admin: false, member: false },
      ],
      maintenance: [],
    });
  });

  it('coupons: added available, disabled and enabled again', () => {
    const added: [string, DomainEvent] = [
      `coupon-${coupon}`,
      {
        type: 'CouponAdded',
        data: { couponId: coupon, code: 'SAVE10', discount: 10, description: '10% off' },
      },
    ];
    const disabled: [string, DomainEvent] = [
      `coupon-${coupon}`,
      { type: 'CouponDisabled', data: { couponId: coupon } },
    ];
    const row = (status: string) => ({
      coupon_id: coupon,
      code: 'SAVE10',
      discount: 10,
      description: '10% off',
      status,
      added_position: 1,
      expires_on: null,
      usage_limit: null,
    });
    expectRows(coupons, [added, disabled], { coupons: [row('unavailable')], redemptions: [] });
    expectRows(
      coupons,
      [added, disabled, [`coupon-${coupon}`, { type: 'CouponEnabled', data: { couponId: coupon } }]],
      {
        coupons: [row('available')],
        redemptions: [],
      },
    );
  });

  it('coupons: edited, limited, and a row per completed payment that used one', () => {
    const stream = `coupon-${coupon}`;
    const redeemed = (month: 'March' | 'April'): [string, DomainEvent] => [
      stream,
      {
        type: 'CouponRedeemed',
        data: { couponId: coupon, si: 3, month, year: 2026, paymentIntentId: `pi_${month}` },
      },
    ];
    const history: Array<[string, DomainEvent]> = [
      [
        stream,
        {
          type: 'CouponAdded',
          data: { couponId: coupon, code: 'SAVE10', discount: 10, description: '10% off' },
        },
      ],
      [stream, { type: 'CouponEdited', data: { couponId: coupon, discount: 15, description: '15% off' } }],
      [
        stream,
        { type: 'CouponLimitsSet', data: { couponId: coupon, expiresOn: '2026-04-30', usageLimit: 2 } },
      ],
      redeemed('March'),
      redeemed('April'),
    ];
    expectRows(coupons, history, {
      coupons: [
        {
          coupon_id: coupon,
          code: 'SAVE10',
          discount: 15,
          description: '15% off',
          status: 'available',
          added_position: 1,
          expires_on: '2026-04-30',
          usage_limit: 2,
        },
      ],
      redemptions: [
        { redemption_id: expect.any(String), coupon_id: coupon },
        { redemption_id: expect.any(String), coupon_id: coupon },
      ],
    });
  });

  it('announcements: posted, then edited, pinned and given an expiry; unpinned and expiry lifted', () => {
    const id = '44444444-4444-4444-8444-444444444444';
    const stream = `announcement-${id}`;
    const posted: [string, DomainEvent] = [
      stream,
      {
        type: 'AnnouncementPosted',
        data: { announcementId: id, title: 'Water', description: 'Off on Friday' },
      },
    ];
    const row = {
      announcement_id: id,
      title: 'Water',
      description: 'Off on Friday',
      posted_at: at(0),
      position: 1,
      pinned: false,
      expires_on: null,
      edited_at: null,
    };
    expectRows(announcements, [posted], { announcements: [row] });
    const changed: Array<[string, DomainEvent]> = [
      posted,
      [
        stream,
        {
          type: 'AnnouncementEdited',
          data: { announcementId: id, title: 'Water', description: 'Off on Sunday' },
        },
      ],
      [stream, { type: 'AnnouncementPinned', data: { announcementId: id } }],
      [stream, { type: 'AnnouncementExpirySet', data: { announcementId: id, expiresOn: '2026-01-31' } }],
    ];
    const edited = { ...row, description: 'Off on Sunday', edited_at: at(1) };
    expectRows(announcements, changed, {
      announcements: [{ ...edited, pinned: true, expires_on: '2026-01-31' }],
    });
    expectRows(
      announcements,
      [
        ...changed,
        [stream, { type: 'AnnouncementUnpinned', data: { announcementId: id } }],
        [stream, { type: 'AnnouncementExpirySet', data: { announcementId: id, expiresOn: null } }],
      ],
      { announcements: [edited] },
    );
  });

  it('payments: one row per event', () => {
    const paid = given([
      'payment-3-2026-march',
      rentPaid({ email: ana, name: 'Ana' }, { month: 'March', year: 2026, paidAt: at(3) }, leaseOf(), {
        code: 'SAVE10',
        discount: 10,
      }),
    ]);
    expect(rowsOf(payments, paid, 2).payments).toEqual([
      {
        payment_id: paid[0]!.id,
        email: ana,
        name: 'Ana',
        month: 'March',
        year: 2026,
        transaction_id: 'pi_3',
        paid_at: at(3),
        si: 3,
        apartment: 'A-103',
        block: 'A',
        floor: 1,
        rent_poisha: 1_300_000,
        coupon_code: 'SAVE10',
        discount: 10,
        amount_poisha: 1_170_000,
      },
    ]);
  });

  it('payments: a second charge refunded is a refund row; the month keeps its one paid row', () => {
    const stream = 'payment-3-2026-march';
    const paid = rentPaid({ email: ana, name: 'Ana' }, { month: 'March', year: 2026, paidAt: at(3) });
    const refunded: DomainEvent = {
      type: 'RentRefunded',
      data: {
        paymentIntentId: 'pi_2',
        refundId: 're_1',
        si: 3,
        month: 'March',
        year: 2026,
        email: 'Ana@Example.com',
        amountPoisha: 1_300_000,
        reason: 'duplicate-charge',
        refundedAt: at(4),
      },
    };
    const events = given([stream, paid], [stream, refunded]);
    const rows = rowsOf(payments, events);
    expect(rowsOf(payments, events, 2)).toEqual(rows);
    expect(rows.payments).toEqual([
      expect.objectContaining({
        payment_id: events[0]!.id,
        transaction_id: 'pi_3',
        amount_poisha: 1_300_000,
      }),
    ]);
    expect(rows.refunds).toEqual([
      {
        refund_id: events[1]!.id,
        payment_intent_id: 'pi_2',
        email: ana,
        si: 3,
        month: 'March',
        year: 2026,
        amount_poisha: 1_300_000,
        reason: 'duplicate-charge',
        refunded_at: at(4),
      },
    ]);
  });
});

describe('maintenance: given a request, its triage and comments, then rows', () => {
  const requestId = '55555555-5555-4555-8555-555555555555';
  const stream = `maintenance-${requestId}`;
  const photo = 'http://127.0.0.1:4001/images/66666666-6666-4666-8666-666666666666';
  const filed: [string, DomainEvent] = [
    stream,
    {
      type: 'MaintenanceRequested',
      data: {
        requestId,
        email: ben,
        name: 'Ben',
        si: 3,
        apartment: 'A-103',
        block: 'A',
        category: 'plumbing',
        description: 'The tap drips.',
        photos: [photo],
        requestedAt: at(1),
      },
    },
  ];
  const change = (status: 'scheduled' | 'done', minute: number, more = {}): [string, DomainEvent] => [
    stream,
    {
      type: 'MaintenanceStatusChanged',
      data: {
        requestId,
        email: ben,
        si: 3,
        apartment: 'A-103',
        status,
        ...more,
        changedBy: 'Admin@Example.com',
        changedAt: at(minute),
      },
    },
  ];
  const comment: [string, DomainEvent] = [
    stream,
    {
      type: 'MaintenanceCommentAdded',
      data: {
        requestId,
        email: ben,
        author: ben,
        authorRole: 'member',
        text: 'Thanks!',
        commentedAt: at(4),
      },
    },
  ];
  const history = [filed, change('scheduled', 2, { scheduledFor: '2026-01-07' }), change('done', 3), comment];

  it('keeps the request at its latest status, every change and every comment, the same when replayed', () => {
    const events = given(...history);
    const request = {
      request_id: requestId,
      email: 'ben@example.com',
      name: 'Ben',
      si: 3,
      apartment: 'A-103',
      block: 'A',
      category: 'plumbing',
      description: 'The tap drips.',
      photos: JSON.stringify([photo]),
      status: 'done',
      scheduled_for: null,
      reason: null,
      requested_at: at(1),
      updated_at: at(4),
    };
    const changed = (n: number, status: string, minute: number, scheduledFor: string | null) => ({
      change_id: events[n]!.id,
      request_id: requestId,
      status,
      scheduled_for: scheduledFor,
      reason: null,
      changed_by: 'admin@example.com',
      changed_at: at(minute),
      position: n + 1,
    });
    const once = rowsOf(maintenance, events);
    expect(once.requests).toEqual([request]);
    // Keyed by the events' (random) ids: compare regardless of order.
    expect(once.history).toHaveLength(2);
    expect(once.history).toEqual(
      expect.arrayContaining([changed(1, 'scheduled', 2, '2026-01-07'), changed(2, 'done', 3, null)]),
    );
    expect(once.comments).toEqual([
      {
        comment_id: events[3]!.id,
        request_id: requestId,
        author: 'ben@example.com',
        author_role: 'member',
        text: 'Thanks!',
        commented_at: at(4),
        position: 4,
      },
    ]);
    expect(rowsOf(maintenance, events, 2)).toEqual(once);
  });

  it('counts requests by status in the statistics', () => {
    expectRows(statistics, history.slice(0, 2), {
      apartments: [],
      accounts: [],
      maintenance: [{ request_id: requestId, status: 'scheduled' }],
    });
  });
});

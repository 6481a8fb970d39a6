import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { accepted, admin, apartment, member, now, requested, requestId, user } from '../testing/fixtures.ts';
import { agreementAggregate } from './agreement.ts';
import { decideAgreement, type AgreementCommand } from './decide.ts';

const given = specFor<AgreementCommand, ReturnType<typeof agreementAggregate.initialState>>({
  ...agreementAggregate,
  decide: decideAgreement,
});

const rafi = user('rafi@building.test', 'Rafi');
const tania = user('tania@building.test', 'Tania');
const mina = member('mina@building.test', 'Mina');

const request = (who = rafi, n = 1): AgreementCommand => ({
  type: 'RequestAgreement',
  data: { requestId: requestId(n), apartment: apartment(7), requester: who, now },
});
const accept = (who = rafi, by = admin, depositMonths = 2): AgreementCommand => ({
  type: 'AcceptAgreement',
  data: { si: 7, userEmail: who.email, by, now, depositMonths },
});
/** Two months of the apartment's 24,000 taka rent, owed at acceptance. */
const depositOwed = (who = rafi, n = 1, months = 2): DomainEvent => ({
  type: 'DepositOwed',
  data: {
    leaseId: requestId(n),
    si: 7,
    apartment: '3A01',
    email: who.email,
    name: who.name,
    months,
    amountPoisha: months * 24_000 * 100,
    owedAt: now.toISOString(),
  },
});
const reject = (who = rafi, by = admin): AgreementCommand => ({
  type: 'RejectAgreement',
  data: { si: 7, userEmail: who.email, by },
});
/** The original client's reject: no requester named. */
const rejectUnnamed: AgreementCommand = {
  type: 'RejectAgreement',
  data: { si: 7, userEmail: null, by: admin },
};
const rejected = (who = rafi, n = 1, reason: 'rejected-by-admin' | 'apartment-booked'): DomainEvent => ({
  type: 'AgreementRejected',
  data: { requestId: requestId(n), si: 7, userEmail: who.email, reason },
});
const withdraw = (who = rafi): AgreementCommand => ({
  type: 'WithdrawAgreement',
  data: { si: 7, requester: who, now },
});
const withdrawn = (who = rafi, n = 1): DomainEvent => ({
  type: 'AgreementWithdrawn',
  data: { requestId: requestId(n), si: 7, userEmail: who.email, withdrawnAt: now.toISOString() },
});
const promoted = (who = rafi): DomainEvent => ({ type: 'MemberPromoted', data: { email: who.email, si: 7 } });
const leaseEnded = (who = rafi): DomainEvent => ({
  type: 'LeaseEnded',
  data: { si: 7, userEmail: who.email, endedAt: now.toISOString(), reason: 'member-demoted' },
});

describe('an apartment nobody has asked for', () => {
  it('records a user’s request with the apartment’s own details', () =>
    given().when(request(rafi)).then(requested(rafi)));
  it('lets a member request another apartment', () => given().when(request(mina)).then(requested(mina)));
  it('refuses an admin’s request', () =>
    given()
      .when(request({ ...rafi, role: 'admin' }))
      .thenFails('admin-cannot-request', /admin/));
  it('refuses a request for an apartment that does not exist', () =>
    given()
      .when({
        type: 'RequestAgreement',
        data: { requestId: requestId(1), apartment: null, requester: rafi, now },
      })
      .thenFails('apartment-not-found'));
  it('has nothing to accept or reject', () => {
    given().when(accept()).thenFails('agreement-request-not-found');
    given().when(reject()).thenFails('agreement-request-not-found');
    given().when(rejectUnnamed).thenFails('agreement-request-not-found');
  });
});

describe('an apartment with one pending request', () => {
  const history = [requested(rafi)];
  it('refuses a second pending request by the same user', () =>
    given(...history)
      .when(request(rafi, 2))
      .thenFails('agreement-request-pending', /pending/));
  it('takes a request by another user', () =>
    given(...history)
      .when(request(tania, 2))
      .then(requested(tania, 2)));
  it('accepting books it, promotes the requester, and the lease owes its deposit at once', () =>
    given(...history)
      .when(accept())
      .then(accepted(rafi), promoted(rafi), depositOwed(rafi)));
  it('the deposit is DEPOSIT_MONTHS months of the rent; none when it is 0', () => {
    given(...history)
      .when(accept(rafi, admin, 3))
      .then(accepted(rafi), promoted(rafi), depositOwed(rafi, 1, 3));
    given(...history)
      .when(accept(rafi, admin, 0))
      .then(accepted(rafi), promoted(rafi));
  });
  it('rejecting marks the request rejected by the admin', () =>
    given(...history)
      .when(reject())
      .then(rejected(rafi, 1, 'rejected-by-admin')));
  it('rejecting without naming the requester rejects the only pending request', () =>
    given(...history)
      .when(rejectUnnamed)
      .then(rejected(rafi, 1, 'rejected-by-admin')));
  it('only an admin accepts or rejects', () => {
    given(...history)
      .when(accept(rafi, tania))
      .thenFails('admin-only');
    given(...history)
      .when(accept(rafi, mina))
      .thenFails('admin-only');
    given(...history)
      .when(reject(rafi, rafi))
      .thenFails('admin-only');
  });
  it('cannot accept a request nobody made', () =>
    given(...history)
      .when(accept(tania))
      .thenFails('agreement-request-not-found'));
});

describe('an apartment with several pending requests', () => {
  const history = [requested(rafi, 1), requested(tania, 2), requested(mina, 3)];
  it('will not guess whose request to reject without a name', () =>
    given(...history)
      .when(rejectUnnamed)
      .thenFails('agreement-request-ambiguous', /3 pending requests/));
  it('accepting one rejects the others as booked, in the same decision', () =>
    given(...history)
      .when(accept(tania))
      .then(
        accepted(tania, 2),
        rejected(rafi, 1, 'apartment-booked'),
        rejected(mina, 3, 'apartment-booked'),
        promoted(tania),
        depositOwed(tania, 2),
      ));
});

describe('a booked apartment', () => {
  const history = [
    requested(rafi, 1),
    requested(tania, 2),
    accepted(rafi, 1),
    rejected(tania, 2, 'apartment-booked'),
  ];
  it('refuses new requests', () =>
    given(...history)
      .when(request(mina, 3))
      .thenFails('apartment-already-booked', /booked/));
  it('refuses to accept or reject the accepted request again', () => {
    given(...history)
      .when(accept(rafi))
      .thenFails('agreement-request-decided', /accepted/);
    given(...history)
      .when(reject(rafi))
      .thenFails('agreement-request-decided', /accepted/);
  });
  it('refuses to accept a request rejected because it was booked', () =>
    given(...history)
      .when(accept(tania))
      .thenFails('agreement-request-decided', /rejected/));
  it('refuses to accept a stray pending request (double booking)', () =>
    given(requested(rafi, 1), accepted(rafi, 1), requested(tania, 2))
      .when(accept(tania))
      .thenFails('apartment-already-booked', /booked/));
});

describe('an apartment whose lease ended', () => {
  const history = [requested(rafi, 1), accepted(rafi, 1), leaseEnded(rafi)];
  it('is free to request again, by anyone', () => {
    given(...history)
      .when(request(tania, 2))
      .then(requested(tania, 2));
    given(...history)
      .when(request(rafi, 2))
      .then(requested(rafi, 2));
  });
});

describe('an apartment with a rejected request', () => {
  const history = [requested(rafi, 1), rejected(rafi, 1, 'rejected-by-admin')];
  it('cannot accept the rejected request', () =>
    given(...history)
      .when(accept(rafi))
      .thenFails('agreement-request-decided', /rejected/));
  it('lets the user ask again', () =>
    given(...history)
      .when(request(rafi, 2))
      .then(requested(rafi, 2)));
});

describe('withdrawing a request', () => {
  it('takes back the requester’s own pending request', () =>
    given(requested(rafi, 1), requested(tania, 2)).when(withdraw(rafi)).then(withdrawn(rafi, 1)));
  it('has nothing to withdraw for someone who did not ask', () =>
    given(requested(rafi, 1)).when(withdraw(tania)).thenFails('agreement-request-not-found'));
  it('cannot withdraw a request already decided, or withdrawn', () => {
    given(requested(rafi, 1), accepted(rafi, 1))
      .when(withdraw(rafi))
      .thenFails('agreement-request-decided', /accepted/);
    given(requested(rafi, 1), rejected(rafi, 1, 'rejected-by-admin'))
      .when(withdraw(rafi))
      .thenFails('agreement-request-decided', /rejected/);
    given(requested(rafi, 1), withdrawn(rafi, 1))
      .when(withdraw(rafi))
      .thenFails('agreement-request-decided', /withdrawn/);
  });
  it('leaves nothing for the admin to accept, and lets the user ask again', () => {
    given(requested(rafi, 1), withdrawn(rafi, 1))
      .when(accept(rafi))
      .thenFails('agreement-request-decided', /withdrawn/);
    given(requested(rafi, 1), withdrawn(rafi, 1)).when(request(rafi, 2)).then(requested(rafi, 2));
  });
});

import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { admin, member, now, user } from '../testing/fixtures.ts';
import { maintenanceAggregate, type MaintenanceState } from './maintenance.ts';
import { decideMaintenance, type MaintenanceCommand, type TriageStatus } from './decide.ts';

const given = specFor<MaintenanceCommand, MaintenanceState>({
  ...maintenanceAggregate,
  decide: decideMaintenance,
});

const requestId = '44444444-4444-4444-8444-444444444444';
const mina = member();
const lease = { si: 7, apartment: '3A01', block: 'A' };
const photo = 'http://command.test/images/55555555-5555-4555-8555-555555555555';
const filing = { category: 'plumbing' as const, description: 'The kitchen tap drips.', photos: [photo] };

const file = (by = mina, withLease: typeof lease | null = lease): MaintenanceCommand => ({
  type: 'FileMaintenanceRequest',
  data: { requestId, lease: withLease, by, now, ...filing },
});
const filed: DomainEvent = {
  type: 'MaintenanceRequested',
  data: {
    requestId,
    email: mina.email,
    name: mina.name,
    ...lease,
    ...filing,
    requestedAt: now.toISOString(),
  },
};

const triage = (
  status: TriageStatus,
  more: { scheduledFor?: string; reason?: string } = {},
  by = admin,
): MaintenanceCommand => ({ type: 'ChangeMaintenanceStatus', data: { requestId, status, ...more, by, now } });
const changed = (
  status: TriageStatus,
  more: { scheduledFor?: string; reason?: string } = {},
): DomainEvent => ({
  type: 'MaintenanceStatusChanged',
  data: {
    requestId,
    email: mina.email,
    si: 7,
    apartment: '3A01',
    status,
    ...more,
    changedBy: admin.email,
    changedAt: now.toISOString(),
  },
});
const visit = { scheduledFor: '2026-11-03' };

const say = (text: string, by = mina, leaseHeld = true): MaintenanceCommand => ({
  type: 'CommentOnMaintenanceRequest',
  data: { requestId, text, by, now, leaseHeld },
});
const said = (text: string, by = mina, authorRole: 'member' | 'admin' = 'member'): DomainEvent => ({
  type: 'MaintenanceCommentAdded',
  data: { requestId, email: mina.email, author: by.email, authorRole, text, commentedAt: now.toISOString() },
});

describe('filing a maintenance request', () => {
  it('records it for the member, with the apartment their lease names', () =>
    given().when(file()).then(filed));
  it('is refused without an active lease', () =>
    given().when(file(user(), null)).thenFails('no-active-lease'));
  it('is not filed twice under one id', () =>
    given(filed).when(file()).thenFails('maintenance-request-already-filed'));
});

describe('triage of an open request', () => {
  it('acknowledges, schedules with a date, starts, finishes or declines with a reason', () => {
    given(filed).when(triage('acknowledged')).then(changed('acknowledged'));
    given(filed).when(triage('scheduled', visit)).then(changed('scheduled', visit));
    given(filed).when(triage('in-progress')).then(changed('in-progress'));
    given(filed).when(triage('done')).then(changed('done'));
    given(filed)
      .when(triage('declined', { reason: 'Tenants replace their own tap washers.' }))
      .then(changed('declined', { reason: 'Tenants replace their own tap washers.' }));
  });
  it('is for admins only', () => {
    given(filed)
      .when(triage('acknowledged', {}, mina))
      .thenFails('admin-only');
    given(filed)
      .when(triage('acknowledged', {}, user()))
      .thenFails('admin-only');
  });
  it('needs a date to schedule and a reason to decline, and takes neither elsewhere', () => {
    given(filed)
      .when(triage('scheduled'))
      .thenFails('invalid-input', /scheduledFor/);
    given(filed)
      .when(triage('declined'))
      .thenFails('invalid-input', /reason/);
    given(filed)
      .when(triage('done', visit))
      .thenFails('invalid-input', /scheduledFor/);
    given(filed)
      .when(triage('acknowledged', { reason: 'no' }))
      .thenFails('invalid-input', /reason/);
  });
  it('does not schedule a visit in the past (the building keeps Dhaka time)', () => {
    given(filed)
      .when(triage('scheduled', { scheduledFor: '2026-10-31' }))
      .thenFails('invalid-input');
    given(filed)
      .when(triage('scheduled', { scheduledFor: '2026-11-01' }))
      .then(changed('scheduled', { scheduledFor: '2026-11-01' }));
  });
  it('refuses a request nobody filed', () =>
    given().when(triage('acknowledged')).thenFails('maintenance-request-not-found'));
});

describe('a request under way', () => {
  const scheduled = changed('scheduled', visit);
  it('is rescheduled to another date, and a repeated change records nothing', () => {
    given(filed, scheduled)
      .when(triage('scheduled', { scheduledFor: '2026-11-05' }))
      .then(changed('scheduled', { scheduledFor: '2026-11-05' }));
    given(filed, scheduled).when(triage('scheduled', visit)).thenNothing();
    given(filed, changed('acknowledged')).when(triage('acknowledged')).thenNothing();
  });
  it('does not go back to acknowledged', () => {
    given(filed, scheduled).when(triage('acknowledged')).thenFails('maintenance-status-not-allowed');
    given(filed, changed('in-progress'))
      .when(triage('acknowledged'))
      .thenFails('maintenance-status-not-allowed');
  });
  it('goes from scheduled to in progress to done', () => {
    given(filed, scheduled).when(triage('in-progress')).then(changed('in-progress'));
    given(filed, scheduled, changed('in-progress')).when(triage('done')).then(changed('done'));
  });
});

describe('a closed request', () => {
  it('does not change after done or declined', () => {
    given(filed, changed('done')).when(triage('in-progress')).thenFails('maintenance-request-closed');
    given(filed, changed('declined', { reason: 'Not ours.' }))
      .when(triage('scheduled', visit))
      .thenFails('maintenance-request-closed');
  });
  it('still takes comments', () =>
    given(filed, changed('done')).when(say('Thank you!')).then(said('Thank you!')));
});

describe('comments', () => {
  it('come from the member who filed the request, or an admin', () => {
    given(filed).when(say('It drips faster now.')).then(said('It drips faster now.'));
    given(filed)
      .when(say('A plumber comes Tuesday.', admin))
      .then(said('A plumber comes Tuesday.', admin, 'admin'));
  });
  it('are refused from anyone else', () => {
    given(filed)
      .when(say('Mine too', member('other@building.test')))
      .thenFails('not-your-maintenance-request');
    given(filed).when(say('Hi', user())).thenFails('not-your-maintenance-request');
  });
  it('need a filed request', () => given().when(say('Hello?')).thenFails('maintenance-request-not-found'));
  it('are refused from the member once their lease has ended: the request is read-only for them', () => {
    given(filed)
      .when(say('Still dripping', mina, false))
      .thenFails('no-active-lease');
    given(filed, changed('done'))
      .when(say('Thanks', mina, false))
      .thenFails('no-active-lease');
    given(filed)
      .when(say('Closed after the lease ended.', admin, false))
      .then(said('Closed after the lease ended.', admin, 'admin'));
  });
});

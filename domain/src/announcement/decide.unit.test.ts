import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { admin, member, user } from '../testing/fixtures.ts';
import { announcementAggregate, type AnnouncementState } from './announcement.ts';
import { decideAnnouncement, type AnnouncementCommand } from './decide.ts';

const given = specFor<AnnouncementCommand, AnnouncementState>({
  ...announcementAggregate,
  decide: decideAnnouncement,
});

const announcementId = '11111111-1111-4111-8111-111111111111';
// 20:00 UTC on 9 March is already 10 March in Dhaka.
const now = new Date('2026-03-09T20:00:00Z');
const terms = {
  announcementId,
  title: 'Water',
  description: 'No water on Friday 10-12.',
  pinned: false,
  expiresOn: null as string | null,
  now,
};
const post = (changes: Partial<typeof terms> = {}, by = admin): AnnouncementCommand => ({
  type: 'PostAnnouncement',
  data: { ...terms, ...changes, by },
});
const edit = (changes: Partial<typeof terms> = {}, by = admin): AnnouncementCommand => ({
  type: 'EditAnnouncement',
  data: { ...terms, ...changes, by },
});
const posted: DomainEvent = {
  type: 'AnnouncementPosted',
  data: { announcementId, title: 'Water', description: 'No water on Friday 10-12.' },
};
const pinned: DomainEvent = { type: 'AnnouncementPinned', data: { announcementId } };
const expiry = (expiresOn: string | null): DomainEvent => ({
  type: 'AnnouncementExpirySet',
  data: { announcementId, expiresOn },
});

describe('an announcement not yet posted', () => {
  it('is posted by an admin', () => given().when(post()).then(posted));
  it('is posted pinned and expiring when the admin says so', () =>
    given()
      .when(post({ pinned: true, expiresOn: '2026-03-31' }))
      .then(posted, pinned, expiry('2026-03-31')));
  it('may expire today (Dhaka), not before', () => {
    given()
      .when(post({ expiresOn: '2026-03-10' }))
      .then(posted, expiry('2026-03-10'));
    given()
      .when(post({ expiresOn: '2026-03-09' }))
      .thenFails('announcement-expiry-past', /2026-03-09/);
  });
  it('is not posted by a user or a member', () => {
    given().when(post({}, user())).thenFails('admin-only');
    given().when(post({}, member())).thenFails('admin-only');
  });
  it('cannot be edited', () => given().when(edit()).thenFails('announcement-not-found'));
});

describe('a posted announcement', () => {
  it('is not posted twice', () => given(posted).when(post()).thenFails('announcement-already-posted'));
  it('is edited: its new words', () =>
    given(posted)
      .when(edit({ title: 'Water, again', description: 'No water on Saturday.' }))
      .then({
        type: 'AnnouncementEdited',
        data: { announcementId, title: 'Water, again', description: 'No water on Saturday.' },
      }));
  it('is pinned, then unpinned', () => {
    given(posted)
      .when(edit({ pinned: true }))
      .then(pinned);
    given(posted, pinned).when(edit()).then({ type: 'AnnouncementUnpinned', data: { announcementId } });
  });
  it('is given an expiry, and has it taken away', () => {
    given(posted)
      .when(edit({ expiresOn: '2026-04-01' }))
      .then(expiry('2026-04-01'));
    given(posted, expiry('2026-04-01')).when(edit()).then(expiry(null));
  });
  it('records nothing when the terms are as they were', () =>
    given(posted, pinned, expiry('2026-04-01'))
      .when(edit({ pinned: true, expiresOn: '2026-04-01' }))
      .thenNothing());
  it('cannot be set to expire before today', () =>
    given(posted)
      .when(edit({ expiresOn: '2026-03-01' }))
      .thenFails('announcement-expiry-past'));
  it('once expired, keeps its past expiry while its words are mended', () =>
    given(posted, expiry('2026-03-01'))
      .when(edit({ description: 'It was on Friday.', expiresOn: '2026-03-01' }))
      .then({
        type: 'AnnouncementEdited',
        data: { announcementId, title: 'Water', description: 'It was on Friday.' },
      }));
  it('is edited by admins only', () =>
    given(posted)
      .when(edit({ pinned: true }, member()))
      .thenFails('admin-only'));
});

import { describe, it } from 'vitest';
import { specFor } from '../testing/given-when-then.ts';
import { admin, member, user } from '../testing/fixtures.ts';
import { announcementAggregate, type AnnouncementState } from './announcement.ts';
import { decideAnnouncement, type AnnouncementCommand } from './decide.ts';

const given = specFor<AnnouncementCommand, AnnouncementState>({
  ...announcementAggregate,
  decide: decideAnnouncement,
});

const announcementId = '11111111-1111-4111-8111-111111111111';
const post = (by = admin): AnnouncementCommand => ({
  type: 'PostAnnouncement',
  data: { announcementId, title: 'Water', description: 'No water on Friday 10-12.', by },
});
const posted = {
  type: 'AnnouncementPosted' as const,
  data: { announcementId, title: 'Water', description: 'No water on Friday 10-12.' },
};

describe('an announcement not yet posted', () => {
  it('is posted by an admin', () => given().when(post()).then(posted));
  it('is not posted by a user or a member', () => {
    given().when(post(user())).thenFails('admin-only');
    given().when(post(member())).thenFails('admin-only');
  });
});

describe('a posted announcement', () => {
  it('is not posted twice', () => given(posted).when(post()).thenFails('announcement-already-posted'));
});

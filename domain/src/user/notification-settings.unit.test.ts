import { describe, it } from 'vitest';
import type { DomainEvent, EmailKind } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { now, registered, user } from '../testing/fixtures.ts';
import { decideUser, type UserCommand } from './decide.ts';
import { userAggregate, type UserState } from './user.ts';

const given = specFor<UserCommand, UserState>({ ...userAggregate, decide: decideUser });
const rafi = user('rafi@building.test', 'Rafi');
const minutesFromNow = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const setOff = (...off: EmailKind[]): UserCommand => ({
  type: 'SetEmailPreferences',
  data: { email: rafi.email, off },
});
const changed = (...off: EmailKind[]): DomainEvent => ({
  type: 'EmailPreferencesChanged',
  data: { email: rafi.email, off },
});
const markRead = (upTo: Date): UserCommand => ({
  type: 'MarkNotificationsRead',
  data: { email: rafi.email, upTo, now },
});
const read = (upTo: Date): DomainEvent => ({
  type: 'NotificationsRead',
  data: { email: rafi.email, upTo: upTo.toISOString() },
});

describe('email preferences', () => {
  it('records the kinds turned off, in the catalogue order, once each', () =>
    given(registered(rafi))
      .when(setOff('rent-reminder', 'agreement-decision', 'rent-reminder'))
      .then(changed('agreement-decision', 'rent-reminder')));
  it('records turning every kind back on', () =>
    given(registered(rafi), changed('rent-reminder')).when(setOff()).then(changed()));
  it('records nothing when the choice is unchanged', () => {
    given(registered(rafi)).when(setOff()).thenNothing();
    given(registered(rafi), changed('payment-receipt', 'maintenance-status'))
      .when(setOff('maintenance-status', 'payment-receipt'))
      .thenNothing();
  });
  it('needs a registered person', () => given().when(setOff('rent-reminder')).thenFails('user-not-found'));
});

describe('reading notifications', () => {
  it('records the read mark', () =>
    given(registered(rafi))
      .when(markRead(minutesFromNow(-5)))
      .then(read(minutesFromNow(-5))));
  it('moves the mark forward only', () => {
    given(registered(rafi), read(minutesFromNow(-5)))
      .when(markRead(minutesFromNow(-10)))
      .thenNothing();
    given(registered(rafi), read(minutesFromNow(-5)))
      .when(markRead(minutesFromNow(-5)))
      .thenNothing();
    given(registered(rafi), read(minutesFromNow(-5)))
      .when(markRead(minutesFromNow(-1)))
      .then(read(minutesFromNow(-1)));
  });
  it('never marks past the server clock', () =>
    given(registered(rafi))
      .when(markRead(minutesFromNow(60)))
      .then(read(now)));
  it('needs a registered person', () => given().when(markRead(now)).thenFails('user-not-found'));
});

describe('the language a person reads in', () => {
  const choose = (language: 'en' | 'bn'): UserCommand => ({
    type: 'ChooseLanguage',
    data: { email: rafi.email, language },
  });
  const chosen = (language: 'en' | 'bn'): DomainEvent => ({
    type: 'LanguageChosen',
    data: { email: rafi.email, language },
  });
  it('records Bangla chosen', () => given(registered(rafi)).when(choose('bn')).then(chosen('bn')));
  it('records nothing for the language already chosen (English at first)', () => {
    given(registered(rafi)).when(choose('en')).thenNothing();
    given(registered(rafi), chosen('bn')).when(choose('bn')).thenNothing();
  });
  it('records English chosen again after Bangla', () =>
    given(registered(rafi), chosen('bn')).when(choose('en')).then(chosen('en')));
  it('needs a registered person', () => given().when(choose('bn')).thenFails('user-not-found'));
});

import type { DomainEvent } from '@building/events/catalogue';
import type { Caller } from '@building/domain/command-handling/caller';
import { registered } from '@building/domain/testing/fixtures';
import { freshEmail } from './test-service.ts';

/** A new person with an address no other spec uses, so specs never depend on each other. */
export const person = (role: Caller['role'], prefix: string = role): Caller => ({
  email: freshEmail(prefix),
  role,
  name: prefix,
});

/** A registered person, and an admin (granted on their own stream). */
export const joined = (who: Caller): DomainEvent[] =>
  who.role === 'admin'
    ? [registered(who), { type: 'AdminGranted', data: { email: who.email } }]
    : [registered(who)];

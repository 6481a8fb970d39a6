import { isDeepStrictEqual } from 'node:util';
import type { ApartmentDetails, DomainEvent } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import type { ApartmentState } from './apartment.ts';

export type ApartmentCommand =
  /** An admin adds an apartment (with the next free si), or the seed lists the building's. */
  | { type: 'ListApartment'; data: { details: ApartmentDetails; by: Caller | 'system' } }
  | { type: 'EditApartment'; data: { details: ApartmentDetails; by: Caller } };

export function decideApartment(command: ApartmentCommand, state: ApartmentState): DomainEvent[] {
  switch (command.type) {
    case 'ListApartment':
      return listApartment(command.data, state);
    case 'EditApartment':
      return editApartment(command.data, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Listing the same apartment again changes nothing, which makes seeding idempotent. */
function listApartment(
  { details, by }: { details: ApartmentDetails; by: Caller | 'system' },
  state: ApartmentState,
): DomainEvent[] {
  requireAdmin(by, 'list an apartment');
  if (state.status === 'listed') {
    if (isDeepStrictEqual(state.details, details)) return [];
    throw refuse('apartment-already-listed', `apartment ${details.si} is already listed`);
  }
  return [{ type: 'ApartmentListed', data: details }];
}

function editApartment(
  { details, by }: { details: ApartmentDetails; by: Caller },
  state: ApartmentState,
): DomainEvent[] {
  requireAdmin(by, 'edit an apartment');
  if (state.status !== 'listed') throw refuse('apartment-not-found', `no apartment ${details.si}`);
  if (isDeepStrictEqual(state.details, details)) return [];
  return [{ type: 'ApartmentUpdated', data: details }];
}

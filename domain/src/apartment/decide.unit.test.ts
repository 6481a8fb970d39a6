import { describe, it } from 'vitest';
import { specFor } from '../testing/given-when-then.ts';
import { admin, apartment, member, user } from '../testing/fixtures.ts';
import { apartmentAggregate, type ApartmentState } from './apartment.ts';
import { decideApartment, type ApartmentCommand } from './decide.ts';

const given = specFor<ApartmentCommand, ApartmentState>({ ...apartmentAggregate, decide: decideApartment });

const list = (by: Parameters<typeof listBy>[0] = admin, details = apartment(7)) => listBy(by, details);
function listBy(by: typeof admin | 'system', details = apartment(7)): ApartmentCommand {
  return { type: 'ListApartment', data: { details, by } };
}
const edit = (details = apartment(7, { rent: 26_000 }), by = admin): ApartmentCommand => ({
  type: 'EditApartment',
  data: { details, by },
});

describe('an apartment not yet listed', () => {
  it('is listed by an admin or by the seed', () => {
    given()
      .when(list())
      .then({ type: 'ApartmentListed', data: apartment(7) });
    given()
      .when(list('system'))
      .then({ type: 'ApartmentListed', data: apartment(7) });
  });
  it('is not listed by a user or a member', () => {
    given().when(list(user())).thenFails('admin-only');
    given().when(list(member())).thenFails('admin-only');
  });
  it('cannot be edited', () => given().when(edit()).thenFails('apartment-not-found'));
});

describe('a listed apartment', () => {
  const history = [{ type: 'ApartmentListed' as const, data: apartment(7) }];
  it('listing the same details again records nothing (idempotent seed)', () =>
    given(...history)
      .when(list('system'))
      .thenNothing());
  it('refuses a different listing under the same si', () =>
    given(...history)
      .when(list(admin, apartment(7, { rent: 1 })))
      .thenFails('apartment-already-listed'));
  it('is edited by an admin', () =>
    given(...history)
      .when(edit())
      .then({ type: 'ApartmentUpdated', data: apartment(7, { rent: 26_000 }) }));
  it('an edit that changes nothing records nothing', () =>
    given(...history)
      .when(edit(apartment(7)))
      .thenNothing());
  it('is not edited by a member', () =>
    given(...history)
      .when(edit(apartment(7, { rent: 1 }), member()))
      .thenFails('admin-only'));
});

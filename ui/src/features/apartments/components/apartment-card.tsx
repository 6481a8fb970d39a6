import type { ReactNode } from 'react';
import { assetUrl } from '../../../lib/asset-url.ts';
import { formatTaka } from '../../../lib/format.ts';
import type { Apartment } from '../api/get-apartments.ts';

export function ApartmentCard({ apartment, action }: { apartment: Apartment; action: ReactNode }) {
  const booked = apartment.status === 'booked';
  return (
    <article className="card apartment-card" aria-labelledby={`apartment-${apartment._id}`}>
      <div className="card-image">
        <figure className="image is-4by3">
          <img
            src={assetUrl(apartment.image)}
            alt={`Apartment ${apartment.apartment}, block ${apartment.block}, floor ${apartment.floor}`}
            loading="lazy"
          />
        </figure>
      </div>
      <div className="card-content">
        <h2 className="title is-5" id={`apartment-${apartment._id}`}>
          Apartment {apartment.apartment}
        </h2>
        <dl className="apartment-facts">
          <dt>Serial</dt>
          <dd>{apartment.si}</dd>
          <dt>Block</dt>
          <dd>{apartment.block}</dd>
          <dt>Floor</dt>
          <dd>{apartment.floor}</dd>
          <dt>Room</dt>
          <dd>{apartment.room}</dd>
          <dt>Rent</dt>
          <dd>
            <strong>{formatTaka(apartment.rent)}</strong> / month
          </dd>
          <dt>Status</dt>
          <dd>
            <span className={`tag is-light ${booked ? 'is-danger' : 'is-success'}`}>
              {booked ? 'booked' : 'available'}
            </span>
          </dd>
        </dl>
      </div>
      <footer className="card-footer p-3">{action}</footer>
    </article>
  );
}

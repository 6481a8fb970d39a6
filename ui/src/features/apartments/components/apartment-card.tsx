import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { assetUrl } from '../../../lib/asset-url.ts';
import { formatDigits, formatRooms, formatTaka } from '../../../lib/format.ts';
import type { Apartment } from '../api/get-apartments.ts';

/**
 * One apartment of the listing. The first card's photo is the page's largest paint on a phone: it
 * is fetched at once and first (`first`), the others only as they near the screen.
 */
export function ApartmentCard({
  apartment,
  action,
  first = false,
}: {
  apartment: Apartment;
  action: ReactNode;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const booked = apartment.status === 'booked';
  const name = String(apartment.apartment);
  return (
    <article className="card apartment-card" aria-labelledby={`apartment-${apartment._id}`}>
      <div className="card-image">
        <figure className="image is-4by3">
          <img
            src={assetUrl(apartment.image)}
            alt={t('apartments.imageAlt', {
              name,
              block: apartment.block,
              floor: formatDigits(apartment.floor),
            })}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
          />
        </figure>
      </div>
      <div className="card-content">
        <h2 className="title is-5" id={`apartment-${apartment._id}`}>
          {t('apartments.card', { name })}
        </h2>
        <dl className="apartment-facts">
          <dt>{t('apartments.serial')}</dt>
          <dd>{formatDigits(apartment.si)}</dd>
          <dt>{t('apartments.block')}</dt>
          <dd>{apartment.block}</dd>
          <dt>{t('apartments.floor')}</dt>
          <dd>{formatDigits(apartment.floor)}</dd>
          <dt>{t('apartments.room')}</dt>
          <dd>{formatRooms(apartment.room)}</dd>
          <dt>{t('apartments.rent')}</dt>
          <dd>
            <strong>{formatTaka(apartment.rent)}</strong> {t('apartments.perMonth')}
          </dd>
          <dt>{t('apartments.status')}</dt>
          <dd>
            <span className={`tag is-light ${booked ? 'is-danger' : 'is-success'}`}>
              {booked ? t('apartments.booked') : t('apartments.available')}
            </span>
          </dd>
        </dl>
      </div>
      <footer className="card-footer p-3">{action}</footer>
    </article>
  );
}

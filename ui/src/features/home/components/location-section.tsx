import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useRef } from 'react';
import { SectionTitle } from '../../../components/section-title.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

// Leaflet is fetched only when the reader scrolls near the map, so `/` loads none of it up front.
const BuildingMap = lazy(() => import('./building-map.tsx'));

export function LocationSection() {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame);

  return (
    <section className="section" aria-labelledby="location-title">
      <SectionTitle id="location-title" heading={t('home.location')} />
      <figure className="container location-figure">
        <div ref={frame} className="map-frame">
          {near ? (
            <Suspense fallback={<Spinner label={t('home.loadingMap')} />}>
              <BuildingMap />
            </Suspense>
          ) : (
            <div className="map-placeholder" aria-hidden="true" />
          )}
        </div>
        <figcaption className="has-text-centered mt-3">{t('home.mapCaption')}</figcaption>
      </figure>
    </section>
  );
}

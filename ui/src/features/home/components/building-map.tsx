import { useTranslation } from 'react-i18next';
import 'leaflet/dist/leaflet.css';
import { icon, type LatLngTuple, type Marker as LeafletMarker } from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef, type RefObject } from 'react';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { env } from '../../../lib/env.ts';

const building: LatLngTuple = [23.7925, 90.4078];
const streetZoom = 16;

// Leaflet's default icon guesses its image paths from CSS, which bundling breaks: name them.
const markerIcon = icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** The map cannot be clicked, so the marker's popup is shown from the start. */
function OpenPopup({ marker }: { marker: RefObject<LeafletMarker | null> }) {
  useEffect(() => {
    marker.current?.openPopup();
  }, [marker]);
  return null;
}

/** A read-only street map centred on the building. */
export default function BuildingMap() {
  const { t } = useTranslation();
  const marker = useRef<LeafletMarker>(null);
  return (
    <MapContainer
      className="building-map"
      center={building}
      zoom={streetZoom}
      dragging={false}
      touchZoom={false}
      doubleClickZoom={false}
      scrollWheelZoom={false}
      boxZoom={false}
      keyboard={false}
      zoomControl={false}
    >
      <TileLayer
        url={env.mapTileUrl}
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
      />
      <Marker ref={marker} position={building} icon={markerIcon} interactive={false} keyboard={false}>
        <Popup closeButton={false} autoPan={false} closeOnClick={false}>
          {t('home.marker')}
        </Popup>
      </Marker>
      <OpenPopup marker={marker} />
    </MapContainer>
  );
}

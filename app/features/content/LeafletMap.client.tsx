// Leaflet in the browser only (see ContactsMap). Markers are inline SVG (divIcon) and popups are
// DOM, so both work when the tile server cannot be reached.
import { useEffect, useMemo, useState } from "react";
import L from "leaflet";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import type { ContactPoint } from "./content-types.ts";
import { ContactPointDetails } from "./ContactPointList.tsx";
import { MAP_ZOOM, POPUP_MIN_WIDTH_PX, POPUP_SIZE } from "./map-constants.ts";

const pin = L.divIcon({
  className: "map-pin",
  html: '<svg width="32" height="42" viewBox="0 0 32 42" aria-hidden="true"><path d="M16 0C7.2 0 0 7 0 15.8 0 27.6 16 42 16 42s16-14.4 16-26.2C32 7 24.8 0 16 0z" fill="#2F5D50"/><circle cx="16" cy="15.5" r="6" fill="#FAF8F5"/></svg>',
  iconSize: [32, 42],
  iconAnchor: [16, 42],
  popupAnchor: [0, -38],
});

function useWide() {
  const query = `(min-width: ${POPUP_MIN_WIDTH_PX}px)`;
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const on = () => setWide(mq.matches);
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, [query]);
  return wide;
}

interface Props {
  points: ContactPoint[];
  tileUrl: string;
  attribution: string;
  onSelect: (id: number) => void;
}

export default function LeafletMap({ points, tileUrl, attribution, onSelect }: Props) {
  const wide = useWide();
  const center = useMemo<[number, number]>(() => (points[0] ? [points[0].lat, points[0].lon] : [55.75, 37.62]), [points]);
  return (
    <MapContainer center={center} zoom={MAP_ZOOM} scrollWheelZoom={false} className="contacts-map__map" attributionControl>
      <TileLayer url={tileUrl} attribution={attribution} />
      {points.map((p) => (
        <Marker
          key={`${p.id}-${wide}`}
          position={[p.lat, p.lon]}
          icon={pin}
          title={p.title}
          alt={p.title}
          eventHandlers={wide ? {} : { click: () => onSelect(p.id) }}
        >
          {wide ? (
            <Popup minWidth={POPUP_SIZE} maxWidth={POPUP_SIZE} maxHeight={POPUP_SIZE} className="contacts-map__popup">
              <div className="contacts-map__popup-body">
                <ContactPointDetails point={p} headingLevel={4} />
              </div>
            </Popup>
          ) : null}
        </Marker>
      ))}
    </MapContainer>
  );
}

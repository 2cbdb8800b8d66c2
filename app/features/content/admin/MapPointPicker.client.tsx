// Leaflet in the browser only (see ShowroomMapPicker). A click anywhere on the map sets the point:
// Leaflet turns the click's container position into degrees by its projection, so picking works
// even when no tile loads (an offline shop computer, a blocked tile server). The marker can be
// dragged, or focused and moved with the arrow keys.
import { useEffect, useRef } from "react";
import L from "leaflet";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import { ARROW_STEPS, wrapPoint, type MapPoint } from "../map-point.ts";

const pin = L.divIcon({
  className: "map-pin",
  html: '<svg width="32" height="42" viewBox="0 0 32 42" aria-hidden="true"><path d="M16 0C7.2 0 0 7 0 15.8 0 27.6 16 42 16 42s16-14.4 16-26.2C32 7 24.8 0 16 0z" fill="#2F5D50"/><circle cx="16" cy="15.5" r="6" fill="#FAF8F5"/></svg>',
  iconSize: [32, 42],
  iconAnchor: [16, 42],
});

/** where a shop without a typed point starts: Moscow */
const MOSCOW: MapPoint = { lat: 55.7558, lon: 37.6173 };

interface Props {
  point: MapPoint | null;
  tileUrl: string;
  attribution: string;
  onPick: (point: MapPoint) => void;
}

function PickOnClick({ point, onPick }: Pick<Props, "point" | "onPick">) {
  const map = useMapEvents({ click: (e) => onPick(wrapPoint({ lat: e.latlng.lat, lon: e.latlng.lng })) });
  // a point typed into the fields (or picked) stays in view
  useEffect(() => {
    if (point && !map.getBounds().contains([point.lat, point.lon])) map.panTo([point.lat, point.lon]);
  }, [map, point]);
  return null;
}

function KeyboardMarker({ point, onPick }: { point: MapPoint; onPick: Props["onPick"] }) {
  const map = useMap();
  const ref = useRef<L.Marker>(null);
  useEffect(() => {
    const el = ref.current?.getElement();
    if (!el) return;
    el.setAttribute("aria-label", "Точка салона: стрелки передвигают её");
    const onKey = (e: KeyboardEvent) => {
      const step = ARROW_STEPS[e.key];
      if (!step) return;
      // the map would pan on the same keys: the marker moves instead
      e.preventDefault();
      e.stopPropagation();
      const at = map.latLngToContainerPoint([point.lat, point.lon]).add(L.point(step[0], step[1]));
      const moved = map.containerPointToLatLng(at);
      onPick(wrapPoint({ lat: moved.lat, lon: moved.lng }));
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, [map, point, onPick]);
  return (
    <Marker
      ref={ref}
      position={[point.lat, point.lon]}
      icon={pin}
      draggable
      keyboard
      title="Точка салона"
      alt="Точка салона"
      eventHandlers={{
        dragend: (e) => {
          const at = (e.target as L.Marker).getLatLng();
          onPick(wrapPoint({ lat: at.lat, lon: at.lng }));
        },
      }}
    />
  );
}

export default function MapPointPicker({ point, tileUrl, attribution, onPick }: Props) {
  const start = point ?? MOSCOW;
  return (
    <MapContainer center={[start.lat, start.lon]} zoom={point ? 15 : 10} scrollWheelZoom={false} className="showroom-map__map" attributionControl>
      <TileLayer url={tileUrl} attribution={attribution} />
      <PickOnClick point={point} onPick={onPick} />
      {point ? <KeyboardMarker point={point} onPick={onPick} /> : null}
    </MapContainer>
  );
}

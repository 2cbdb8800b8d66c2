// The showroom's map point picked on a map. Server-rendered as nothing: the typed latitude and
// longitude are the form's fields and work without JavaScript; in the browser Leaflet is loaded
// lazily and a click (or the marker, dragged or moved with arrow keys) fills those fields.
import { lazy, Suspense } from "react";
import { useHydrated } from "../../../ui/use-hydrated.ts";
import type { MapPoint } from "../map-point.ts";
import "./showroom-map.css";

const MapPointPicker = lazy(() => import("./MapPointPicker.client.tsx"));

interface Props {
  point: MapPoint | null;
  tileUrl: string;
  attribution: string;
  onPick: (point: MapPoint) => void;
}

export function ShowroomMapPicker({ point, tileUrl, attribution, onPick }: Props) {
  const mounted = useHydrated();
  if (!mounted) return null;
  return (
    <div className="showroom-map">
      <p id="showroom-map-hint" className="form-group__hint">
        Щёлкните по карте, чтобы поставить точку, или перетащите её; с клавиатуры — выберите точку клавишей Tab и двигайте стрелками.
      </p>
      <div className="showroom-map__frame" role="group" aria-label="Карта: точка салона" aria-describedby="showroom-map-hint">
        <Suspense fallback={<p className="showroom-map__loading">Загружаем карту…</p>}>
          <MapPointPicker point={point} tileUrl={tileUrl} attribution={attribution} onPick={onPick} />
        </Suspense>
      </div>
    </div>
  );
}

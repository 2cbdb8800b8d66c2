// The contacts map: server-rendered as nothing but its toggle; Leaflet (or Yandex Maps when a key
// is configured) is loaded in the browser only, lazily, after the page has mounted.
import { lazy, Suspense, useState } from "react";
import { useHydrated } from "../../ui/use-hydrated.ts";
import type { ContactPoint } from "./content-types.ts";
import { PointsMap as LeafletMap } from "./PointsMap.tsx";
import "./ContactsMap.css";

const YandexMap = lazy(() => import("./YandexMap.client.tsx"));

interface Props {
  points: ContactPoint[];
  tileUrl: string;
  attribution: string;
  /** Yandex Maps API key (YANDEX_MAPS_KEY); Leaflet when null */
  yandexKey?: string | null;
  /** below 992 px a marker click selects the point in the list instead of opening a popup */
  onSelect: (id: number) => void;
}

export function ContactsMap({ points, tileUrl, attribution, yandexKey = null, onSelect }: Props) {
  const mounted = useHydrated();
  const [shown, setShown] = useState(true);
  if (!mounted) return null;
  return (
    <div className="contacts-map">
      <button
        type="button"
        className="contacts-map__toggle button button--ghost"
        aria-expanded={shown}
        aria-controls="contacts-map"
        onClick={() => setShown((s) => !s)}
      >
        {shown ? "Скрыть карту" : "Показать карту"}
      </button>
      <div id="contacts-map" className="contacts-map__frame" hidden={!shown}>
        {shown ? (
          <Suspense fallback={<p className="contacts-map__loading">Загружаем карту…</p>}>
            {yandexKey ? (
              <YandexMap
                apiKey={yandexKey}
                points={points}
                onSelect={onSelect}
                fallback={<LeafletMap points={points} tileUrl={tileUrl} attribution={attribution} onSelect={onSelect} />}
              />
            ) : (
              <LeafletMap points={points} tileUrl={tileUrl} attribution={attribution} onSelect={onSelect} />
            )}
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

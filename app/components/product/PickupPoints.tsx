import { lazy, Suspense, useState } from "react";
import type { PickupPoint } from "../../domain/product-types.ts";
import { countOf } from "../../lib/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";

// the contacts page's Leaflet map, loaded in the browser only and only once the map is asked for
const LeafletMap = lazy(() => import("../content/LeafletMap.client.tsx"));

const POINT_FORMS = ["пункте выдачи", "пунктах выдачи", "пунктах выдачи"] as const;

/**
 * Where the product can be collected, behind «Показать карту» / «Скрыть карту» (SPEC 4: the
 * text alternates). The toggle is a real link (?map=1), so it works without JavaScript too, where
 * it shows the list; with JavaScript the contacts page's map shows the points above the list.
 */
export function PickupPoints({
  points,
  initiallyShown,
  path,
  tileUrl,
  attribution,
}: {
  points: PickupPoint[];
  initiallyShown: boolean;
  path: string;
  tileUrl: string;
  attribution: string;
}) {
  const [shown, setShown] = useState(initiallyShown);
  const [selected, setSelected] = useState<number | null>(null);
  const hydrated = useHydrated();
  if (!points.length) {
    return (
      <section id="pickup" className="product-section pickup" aria-labelledby="pickup-title">
        <h2 id="pickup-title">Где забрать</h2>
        <p>Сейчас товара нет в пунктах выдачи: привезём под заказ — сроки подскажет менеджер.</p>
      </section>
    );
  }
  return (
    <section id="pickup" className="product-section pickup" aria-labelledby="pickup-title">
      <h2 id="pickup-title">Где забрать</h2>
      <p className="pickup__summary">
        Можно забрать в {countOf(points.length, POINT_FORMS)}.{" "}
        <a
          href={shown ? `${path}#pickup` : `${path}?map=1#pickup`}
          className="pickup__toggle"
          aria-expanded={shown}
          aria-controls="pickup-points"
          onClick={(e) => {
            e.preventDefault();
            setShown((s) => !s);
          }}
        >
          <Icon name="map-pin" size={18} />
          {shown ? "Скрыть карту" : "Показать карту"}
        </a>
      </p>
      <div id="pickup-points" className="pickup__points" hidden={!shown}>
        {shown && hydrated ? (
          <div className="pickup__map">
            <Suspense fallback={<p className="pickup__map-loading">Загружаем карту…</p>}>
              <LeafletMap
                points={points}
                tileUrl={tileUrl}
                attribution={attribution}
                onSelect={(id) => {
                  setSelected(id);
                  document.getElementById(`pickup-point-${id}`)?.scrollIntoView({ block: "nearest" });
                }}
              />
            </Suspense>
          </div>
        ) : null}
        <ul className="pickup__list">
          {points.map((p) => (
            <li key={p.id} id={`pickup-point-${p.id}`} className={`pickup__point${selected === p.id ? " pickup__point--selected" : ""}`}>
              <h3>{p.title}</h3>
              <p>
                {p.city}, {p.address}
              </p>
              {p.hours ? <p className="pickup__hours">{p.hours}</p> : null}
              {p.phones[0] ? (
                <p>
                  <a href={`tel:+${p.phones[0].replace(/\D/g, "")}`}>{p.phones[0]}</a>
                </p>
              ) : null}
              <p>
                <a href={`https://yandex.ru/maps/?pt=${p.lon},${p.lat}&z=16&l=map`} target="_blank" rel="noopener noreferrer">
                  Открыть на карте<span className="visually-hidden">: {p.title} (откроется в новой вкладке)</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

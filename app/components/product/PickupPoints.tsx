import { useState } from "react";
import type { PickupPoint } from "../../domain/product-types.ts";
import { countOf } from "../../lib/format.ts";
import { Icon } from "../../ui/Icon.tsx";

const POINT_FORMS = ["пункте выдачи", "пунктах выдачи", "пунктах выдачи"] as const;

/**
 * Where the product can be collected, behind «Показать карту» / «Скрыть карту» (SPEC 4: the
 * text alternates). The toggle is a real link (?map=1), so it works without JavaScript too.
 * The points are listed; the map widget belongs to the contacts page.
 */
export function PickupPoints({ points, initiallyShown, path }: { points: PickupPoint[]; initiallyShown: boolean; path: string }) {
  const [shown, setShown] = useState(initiallyShown);
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
      <ul id="pickup-points" className="pickup__list" hidden={!shown}>
        {points.map((p) => (
          <li key={p.id} className="pickup__point">
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
    </section>
  );
}

import { Suspense, useState } from "react";
import type { PickupPoint } from "../product/index.ts";
import { PointsMap } from "../content/components.ts";
import { countOf } from "../../lib/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";

const SHOWROOM_FORMS = ["шоуруме", "шоурумах", "шоурумах"] as const;

/** «В наличии в 2 шоурумах», «Есть на складе», or nothing anywhere. */
export function pickupSummary(points: readonly PickupPoint[]): string {
  const showrooms = points.filter((p) => p.kind === "showroom" && p.qty > 0).length;
  if (showrooms > 0) return `В наличии в ${countOf(showrooms, SHOWROOM_FORMS)}`;
  if (points.some((p) => p.qty > 0)) return "Нет в шоурумах, есть на складе";
  return "Сейчас нет ни в одном шоуруме";
}

/**
 * Stock by pickup point (showroom or warehouse, how many units or «нет»), then, behind
 * «Показать карту» / «Скрыть карту» (the text alternates; docs/behaviour.md «Widgets and timing»).
 * The toggle is a real link (?map=1), so it works without JavaScript too, where it shows the list;
 * with JavaScript the contacts page's map shows the points above the list.
 */
export function PickupPoints({
  points,
  initiallyShown,
  path,
  tileUrl,
  attribution,
  lead,
}: {
  points: PickupPoint[];
  /** «4–6 недель»: when nothing is anywhere */
  lead: string;
  initiallyShown: boolean;
  path: string;
  tileUrl: string;
  attribution: string;
}) {
  const [shown, setShown] = useState(initiallyShown);
  const [selected, setSelected] = useState<number | null>(null);
  const hydrated = useHydrated();
  const anywhere = points.some((p) => p.qty > 0);
  return (
    <section id="pickup" className="product-section pickup" aria-labelledby="pickup-title">
      <h2 id="pickup-title">Где забрать</h2>
      <p className="pickup__summary">
        <strong data-testid="pickup-summary">
          {pickupSummary(points)}
          {anywhere ? "" : `: привезём под заказ за ${lead}`}
        </strong>
      </p>
      <table className="pickup__stock">
        <caption className="visually-hidden">Наличие по шоурумам и складу</caption>
        <thead>
          <tr>
            <th scope="col">Где</th>
            <th scope="col">Адрес</th>
            <th scope="col">Наличие</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.title}</th>
              <td>
                {p.city}, {p.address}
              </td>
              <td className={p.qty > 0 ? "pickup__qty pickup__qty--yes" : "pickup__qty"}>{p.qty > 0 ? `${p.qty} шт.` : "нет"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="pickup__summary">
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
              <PointsMap
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

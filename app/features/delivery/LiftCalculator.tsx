// The /delivery/ calculator: lift-to-floor cost from the shared delivery pricing module (the
// checkout uses the same rules). Without JavaScript it is a GET form the server answers; with
// JavaScript the result follows every keystroke.
import { useState } from "react";
import { Form } from "react-router";
import { DELIVERY_PRICING, LIFT_TYPES, quoteDelivery, type LiftTariffs, type LiftType } from "./delivery-pricing.ts";
import { formatPrice } from "../../lib/format.ts";
import { intInRange } from "../../lib/number-only.ts";
import { NumberOnlyInput } from "../../ui/NumberOnlyInput.tsx";
import { SearchableSelect } from "../../ui/SearchableSelect.tsx";
import { DatePicker } from "../../ui/DatePicker.tsx";
import { MaskedInput } from "../../ui/MaskedInput.tsx";
import { getLocalTimeZone, today, type DateValue } from "@internationalized/date";
import "./LiftCalculator.css";

export interface LiftInput {
  weight: number;
  floor: number;
  lift: LiftType;
  sum: number;
}

export const MAX_WEIGHT_KG = 3000;

/** Our own couriers work in these cities; elsewhere a transport company delivers. */
const COURIER_CITIES = ["Москва", "Санкт-Петербург", "Казань", "Екатеринбург"];
const CITIES = [
  ...COURIER_CITIES,
  "Новосибирск",
  "Нижний Новгород",
  "Челябинск",
  "Самара",
  "Омск",
  "Ростов-на-Дону",
  "Уфа",
  "Красноярск",
  "Воронеж",
  "Пермь",
  "Волгоград",
  "Краснодар",
  "Саратов",
  "Тюмень",
  "Тольятти",
  "Ижевск",
  "Барнаул",
  "Ярославль",
  "Тула",
  "Калининград",
].map((c) => ({ value: c, label: c }));

// deliveries go out every day but Sunday, from tomorrow, for the next 30 days
const isSunday = (d: DateValue) => d.toDate(getLocalTimeZone()).getDay() === 0;
export const MAX_SUM_RUB = 10_000_000;

export function liftInputFrom(params: URLSearchParams): LiftInput {
  const lift = params.get("lift");
  return {
    weight: intInRange(params.get("weight"), 1, MAX_WEIGHT_KG, 60),
    floor: intInRange(params.get("floor"), 1, DELIVERY_PRICING.maxFloor, 5),
    lift: lift && lift in LIFT_TYPES ? (lift as LiftType) : "none",
    sum: intInRange(params.get("sum"), 0, MAX_SUM_RUB, 0),
  };
}

export function LiftCalculator({ initial, tariffs }: { initial: LiftInput; tariffs: LiftTariffs }) {
  const [input, setInput] = useState(initial);
  const [city, setCity] = useState(COURIER_CITIES[0]!);
  const start = today(getLocalTimeZone()).add({ days: 1 });
  const quote = quoteDelivery({ type: "floor", itemsTotal: input.sum * 100, weightGrams: input.weight * 1000, floor: input.floor, lift: input.lift, tariffs });
  const set = (patch: Partial<LiftInput>) => setInput((i) => ({ ...i, ...patch }));
  return (
    <section className="lift-calc" aria-labelledby="lift-calc-title">
      <h2 id="lift-calc-title">Рассчитать подъём на этаж</h2>
      <Form method="get" action="/delivery/#lift-calc-title" className="lift-calc__form" preventScrollReset replace>
        <div className="lift-calc__row">
          <div className="lift-calc__field">
            <label htmlFor="lift-weight">Вес заказа, кг</label>
            <NumberOnlyInput
              id="lift-weight"
              name="weight"
              max={MAX_WEIGHT_KG}
              defaultValue={initial.weight}
              className="form-control"
              onValueChange={(v) => set({ weight: intInRange(v, 1, MAX_WEIGHT_KG, 1) })}
            />
          </div>
          <div className="lift-calc__field">
            <label htmlFor="lift-floor">Этаж</label>
            <NumberOnlyInput
              id="lift-floor"
              name="floor"
              max={DELIVERY_PRICING.maxFloor}
              defaultValue={initial.floor}
              className="form-control"
              onValueChange={(v) => set({ floor: intInRange(v, 1, DELIVERY_PRICING.maxFloor, 1) })}
            />
          </div>
          <div className="lift-calc__field">
            <label htmlFor="lift-sum">Сумма заказа, ₽</label>
            <NumberOnlyInput
              id="lift-sum"
              name="sum"
              max={MAX_SUM_RUB}
              defaultValue={initial.sum || ""}
              className="form-control"
              onValueChange={(v) => set({ sum: intInRange(v, 0, MAX_SUM_RUB, 0) })}
            />
          </div>
        </div>
        <div className="lift-calc__row">
          <SearchableSelect name="city" label="Город доставки" options={CITIES} defaultValue={city} onChange={setCity} />
          <div className="lift-calc__field">
            <label htmlFor="lift-zip">Почтовый индекс</label>
            <MaskedInput id="lift-zip" name="zip" mask="000000" inputMode="numeric" className="form-control" placeholder="123456" autoComplete="postal-code" />
          </div>
        </div>
        <DatePicker
          name="dates"
          label="Удобные даты доставки"
          mode="range"
          minValue={start}
          maxValue={start.add({ days: 30 })}
          isDateUnavailable={isSunday}
          hint="Ближайшие 30 дней, кроме воскресений"
        />
        <fieldset className="lift-calc__lift">
          <legend>Лифт</legend>
          {(Object.keys(LIFT_TYPES) as LiftType[]).map((key) => (
            <label key={key} className="lift-calc__radio">
              <input type="radio" name="lift" value={key} defaultChecked={initial.lift === key} onChange={() => set({ lift: key })} /> {LIFT_TYPES[key]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--ghost lift-calc__submit">
          Рассчитать
        </button>
      </Form>
      <dl className="lift-calc__result" aria-live="polite">
        <div>
          <dt>Доставка курьером</dt>
          <dd>{quote.delivery === 0 ? "бесплатно" : formatPrice(quote.delivery)}</dd>
        </div>
        <div>
          <dt>Подъём на {input.floor} этаж</dt>
          <dd>{quote.lifting === 0 ? "бесплатно" : formatPrice(quote.lifting)}</dd>
        </div>
        <div className="lift-calc__total">
          <dt>Итого</dt>
          <dd data-testid="lift-total">{formatPrice(quote.total)}</dd>
        </div>
      </dl>
      {COURIER_CITIES.includes(city) ? null : (
        <p className="lift-calc__note lift-calc__note--city">
          В город {city} заказ отвезёт транспортная компания: стоимость — обычно 3–5 % от суммы заказа, менеджер назовёт её при подтверждении.
        </p>
      )}
      <p className="lift-calc__note">
        Доставка бесплатна для заказов от {formatPrice(DELIVERY_PRICING.freeDeliveryFrom)}; подъём оплачивается отдельно. Первый этаж — без доплаты.
      </p>
    </section>
  );
}

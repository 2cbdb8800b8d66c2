import { DELIVERY_TYPES, LIFT_TYPES, LIFTING_BY_MANAGER, type DeliveryType } from "../delivery/index.ts";
import { DELIVERY_SLOTS } from "./checkout-schema.ts";
import { FormGroup } from "../../ui/FormGroup.tsx";

interface Props {
  values: Record<string, string>;
  errors: Record<string, string>;
  pickupPoints: { id: number; title: string; address: string }[];
  dateRange: { min: string; max: string };
  delivery: DeliveryType;
  /** titles of the cart's products without weight: their lifting is quoted by the manager */
  unweighed: string[];
}

/**
 * Delivery choice. The pickup, address and floor blocks show for their type only; CSS `:has()`
 * does the showing, so it works before (and without) JavaScript too.
 */
export function DeliveryFields({ values, errors, pickupPoints, dateRange, delivery, unweighed }: Props) {
  return (
    <>
      <fieldset className="checkout__fieldset">
        <legend className="checkout__legend">Способ получения</legend>
        <div className="checkout__options">
          {(Object.keys(DELIVERY_TYPES) as DeliveryType[]).map((type, i) => (
            <label key={type} className="checkout__option">
              {/* the first choice is where the error summary's link leads */}
              <input type="radio" name="delivery" value={type} defaultChecked={delivery === type} id={i === 0 ? "checkout-delivery" : undefined} />
              {DELIVERY_TYPES[type]}
            </label>
          ))}
        </div>
        {errors.delivery ? <p className="form-group__error">{errors.delivery}</p> : null}
      </fieldset>

      <div className="checkout__when-pickup">
        <FormGroup id="checkout-pickupPoint" label="Пункт самовывоза" error={errors.pickupPoint}>
          {(p) => (
            <select {...p} name="pickupPoint" defaultValue={values.pickupPoint ?? ""}>
              <option value="">Выберите пункт</option>
              {pickupPoints.map((pt) => (
                <option key={pt.id} value={pt.id}>
                  {pt.title}, {pt.address}
                </option>
              ))}
            </select>
          )}
        </FormGroup>
      </div>

      <div className="checkout__when-address">
        <FormGroup id="checkout-address" label="Адрес доставки" error={errors.address} hint="Город, улица, дом, подъезд, квартира">
          {(p) => <input {...p} name="address" autoComplete="street-address" maxLength={500} defaultValue={values.address ?? ""} />}
        </FormGroup>
      </div>

      <div className="checkout__when-floor" data-testid="floor-block">
        <FormGroup id="checkout-floor" label="Этаж" error={errors.floor}>
          {(p) => <input {...p} name="floor" type="number" inputMode="numeric" min={1} max={100} defaultValue={values.floor ?? ""} />}
        </FormGroup>
        <fieldset className="checkout__fieldset">
          <legend className="checkout__legend">Лифт</legend>
          <div className="checkout__options">
            {(Object.keys(LIFT_TYPES) as (keyof typeof LIFT_TYPES)[]).map((lift, i) => (
              <label key={lift} className="checkout__option">
                <input type="radio" name="lift" value={lift} defaultChecked={(values.lift ?? "none") === lift} id={i === 0 ? "checkout-lift" : undefined} />
                {LIFT_TYPES[lift]}
              </label>
            ))}
          </div>
          {errors.lift ? <p className="form-group__error">{errors.lift}</p> : null}
        </fieldset>
        {/* shown with the floor block, so it is said without JavaScript too (decision 099) */}
        {unweighed.length ? (
          <p className="checkout__note" data-testid="lifting-to-quote">
            {`${LIFTING_BY_MANAGER}: у ${unweighed.length > 1 ? "товаров" : "товара"} ${unweighed.map((t) => `«${t}»`).join(", ")} не указан вес. Подъём выше первого этажа не входит в сумму заказа, менеджер назовёт цену по телефону.`}
          </p>
        ) : null}
      </div>

      <div className="checkout__row">
        <FormGroup id="checkout-date" label="Дата доставки или самовывоза" error={errors.date}>
          {(p) => <input {...p} name="date" type="date" min={dateRange.min} max={dateRange.max} defaultValue={values.date ?? ""} />}
        </FormGroup>
        <FormGroup id="checkout-time" label="Время" error={errors.time}>
          {(p) => (
            <select {...p} name="time" defaultValue={values.time ?? ""}>
              <option value="">Любое</option>
              {DELIVERY_SLOTS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </FormGroup>
      </div>
    </>
  );
}

import type { DeliveryEstimate } from "./delivery-estimate.ts";
import { formatPrice } from "../../lib/format.ts";
import { countOf } from "../../lib/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { CitySelect } from "./CitySelect.tsx";

const SHOWROOM_FORMS = ["шоуруме", "шоурумах", "шоурумах"] as const;

/**
 * The nearest delivery day and its price for the visitor's city, and pickup. The city can be
 * changed right here too («Город доставки»): on phones the header's top bar is hidden.
 */
export function DeliveryInfo({ estimate, showroomsWithStock }: { estimate: DeliveryEstimate; showroomsWithStock: number }) {
  return (
    <section className="delivery-info" aria-labelledby="delivery-info-title" data-testid="delivery-estimate">
      <h3 id="delivery-info-title" className="delivery-info__title">
        Доставка и самовывоз
      </h3>
      <CitySelect id="delivery-city" label="Город доставки" className="delivery-info__city" />
      <ul className="delivery-info__list">
        <li>
          <Icon name="truck" size={18} />
          <span>
            Доставка {estimate.by} в {estimate.cityName === "Москва" ? "Москве" : `г. ${estimate.cityName}`}: <strong>{estimate.when}</strong>,{" "}
            {estimate.price === 0 ? "бесплатно" : formatPrice(estimate.price)}
          </span>
        </li>
        <li>
          <Icon name="map-pin" size={18} />
          <span>
            {estimate.pickup ? (
              <>
                Самовывоз: <strong>{estimate.pickup}</strong>, бесплатно
                {showroomsWithStock > 0 ? (
                  <>
                    {" "}
                    — <a href="#pickup">в наличии в {countOf(showroomsWithStock, SHOWROOM_FORMS)}</a>
                  </>
                ) : (
                  <>
                    {" "}
                    — <a href="#pickup">со склада</a>
                  </>
                )}
              </>
            ) : (
              <>Самовывоз — после поступления на склад</>
            )}
          </span>
        </li>
      </ul>
    </section>
  );
}

// What the product page says about getting the goods to the visitor's city: the nearest
// delivery day (or range) and its price, and when pickup is possible. Built from the city
// tariffs and the date rules; `now` comes from the server so the page renders the same in the
// browser.
import { deliveryWindow, dispatchDay, addWorkingDays, formatDeliveryDay, formatWindow } from "./delivery-date.ts";
import { cityById, cityDeliveryCost, DEFAULT_CITY, type CityId } from "./delivery-pricing.ts";

export interface DeliveryEstimate {
  cityId: CityId;
  cityName: string;
  /** «завтра, 26 ноября» or «3 декабря – 9 декабря» */
  when: string;
  /** kopecks; 0 is free */
  price: number;
  /** «курьером» or «транспортной компанией» */
  by: string;
  /** pickup from a point in stock: «завтра, 26 ноября»; null when there is nothing to pick up */
  pickup: string | null;
}

export function deliveryEstimate(input: { now: number; city: CityId; price: number; inStock: boolean; lead: { min: number; max: number } }): DeliveryEstimate {
  const city = cityById(input.city) ?? cityById(DEFAULT_CITY)!;
  const window = deliveryWindow(input.now, city.transit, input.inStock ? undefined : [input.lead.min, input.lead.max]);
  return {
    cityId: city.id,
    cityName: city.name,
    when: formatWindow(window, input.now),
    price: cityDeliveryCost(city, input.price),
    by: city.carrier ? "транспортной компанией" : "курьером",
    // points hand out an order the working day after it is confirmed (the /delivery/ page)
    pickup: input.inStock ? formatDeliveryDay(addWorkingDays(dispatchDay(input.now), 1), input.now) : null,
  };
}

// Every delivery price of the shop, in one configurable place: the checkout, the order and the
// /delivery/ calculator all use these rules. Money in kopecks, weight in grams.
export const DELIVERY_TYPES = {
  pickup: "Самовывоз",
  courier: "Доставка курьером",
  floor: "Доставка с подъёмом на этаж",
} as const;
export type DeliveryType = keyof typeof DELIVERY_TYPES;

/**
 * «Купить в 1 клик» asks for no address: the manager agrees delivery on the phone. It is an order's
 * delivery, never a checkout choice, so it stays out of DELIVERY_TYPES (the checkout's radios).
 */
export const MANAGER_DELIVERY = "manager";
const MANAGER_DELIVERY_NAME = "Уточнить у менеджера";
/** what such an order says in place of a delivery price */
export const MANAGER_PRICES_DELIVERY = "рассчитает менеджер";

/** True for a 1-click order's delivery, which the manager prices on the phone. */
export const isManagerPriced = (type: string): boolean => type === MANAGER_DELIVERY;

/** The Russian name of an order's delivery; an unknown code is shown as it is. */
export function deliveryName(type: string): string {
  if (type === MANAGER_DELIVERY) return MANAGER_DELIVERY_NAME;
  return Object.hasOwn(DELIVERY_TYPES, type) ? DELIVERY_TYPES[type as DeliveryType] : type;
}

export const LIFT_TYPES = {
  none: "Нет лифта",
  passenger: "Пассажирский лифт",
  freight: "Грузовой лифт",
} as const;
export type LiftType = keyof typeof LIFT_TYPES;

export const DELIVERY_PRICING = {
  /** courier delivery to the entrance */
  courier: 99_000,
  /** orders from this sum are delivered free (lifting is still paid) */
  freeDeliveryFrom: 5_000_000,
  /** without a lift: per floor above the first, per started 50 kg */
  stairsPerFloorPer50kg: 9_000,
  /** with a passenger lift: per started 50 kg, whatever the floor */
  passengerLiftPer50kg: 29_000,
  /** with a freight lift: per started 100 kg, whatever the floor */
  freightLiftPer100kg: 29_000,
  maxFloor: 100,
} as const;

/** The lifting tariffs staff set in the back office (kopecks); DELIVERY_PRICING holds the first ones. */
export interface LiftTariffs {
  stairsPerFloorPer50kg: number;
  passengerLiftPer50kg: number;
  freightLiftPer100kg: number;
}

const started = (grams: number, perKg: number) => Math.max(1, Math.ceil(grams / (perKg * 1000)));

/** Cost of carrying the order up to the floor; the first floor (and a weightless order) is free. */
export function liftingCost(weightGrams: number, floor: number, lift: LiftType, tariffs: LiftTariffs = DELIVERY_PRICING): number {
  if (weightGrams <= 0 || !Number.isInteger(floor) || floor <= 1) return 0;
  switch (lift) {
    case "freight":
      return started(weightGrams, 100) * tariffs.freightLiftPer100kg;
    case "passenger":
      return started(weightGrams, 50) * tariffs.passengerLiftPer50kg;
    default:
      return (Math.min(floor, DELIVERY_PRICING.maxFloor) - 1) * started(weightGrams, 50) * tariffs.stairsPerFloorPer50kg;
  }
}

/** Cost of bringing the order: pickup is free; courier and floor delivery share the courier price. */
export function deliveryCost(type: DeliveryType, itemsTotal: number): number {
  // a 1-click order's delivery is priced by the manager on the phone, not by this table
  if (type === "pickup" || isManagerPriced(type)) return 0;
  return itemsTotal >= DELIVERY_PRICING.freeDeliveryFrom ? 0 : DELIVERY_PRICING.courier;
}

/**
 * How an order's lifting is priced (decision 099, «Update»): by the tariffs from the goods'
 * weight; to be quoted by the manager, because a product has no weight (0 would make it cheap or
 * free); or quoted, the manager's price entered on the order.
 */
export type LiftingPricing = "tariff" | "to_quote" | "quoted";

/** what the checkout, the cart, the order page and the letters say in place of a lifting price */
export const LIFTING_BY_MANAGER = "Стоимость подъёма уточнит менеджер";

export interface DeliveryQuote {
  delivery: number;
  /** 0 while the manager is to quote it */
  lifting: number;
  /** the lifting is not priced here: a product's weight is unknown and the floor is not the first */
  liftingToQuote: boolean;
  /** delivery and the lifting priced here */
  total: number;
}

export function quoteDelivery(input: {
  type: DeliveryType;
  itemsTotal: number;
  weightGrams: number;
  floor?: number;
  lift?: LiftType;
  /** the shop's current lifting tariffs (app/features/delivery/lift-tariffs.server.ts) */
  tariffs: LiftTariffs;
  /** false when a product has no weight: weightGrams is then too little to price lifting by */
  weightKnown?: boolean;
}): DeliveryQuote {
  const delivery = deliveryCost(input.type, input.itemsTotal);
  const floor = input.floor ?? 1;
  // the first floor costs nothing whatever the weight; above it an unknown weight is the manager's to price
  if (input.type === "floor" && input.weightKnown === false && Number.isInteger(floor) && floor > 1) {
    return { delivery, lifting: 0, liftingToQuote: true, total: delivery };
  }
  const lifting = input.type === "floor" ? liftingCost(input.weightGrams, floor, input.lift ?? "none", input.tariffs) : 0;
  return { delivery, lifting, liftingToQuote: false, total: delivery + lifting };
}

/** A weight to price lifting by: 0 (unknown) when any of the parts has none, so a set with a weightless item is not priced light. */
export function knownWeight(parts: readonly { weight: number; qty: number }[]): number {
  if (!parts.length || parts.some((p) => !(p.weight > 0))) return 0;
  return parts.reduce((sum, p) => sum + p.weight * p.qty, 0);
}

/**
 * Cities the shop delivers to (the header's «Город»): our own couriers where we have showrooms
 * (the courier tariff above), a transport company elsewhere for a share of the order (the
 * /delivery/ page's «3–5 %»). Transit is in working days after the order leaves the warehouse.
 */
export const DELIVERY_CITIES = [
  { id: "moscow", name: "Москва", carrier: null, transit: [1, 1] },
  { id: "spb", name: "Санкт-Петербург", carrier: null, transit: [2, 2] },
  { id: "kazan", name: "Казань", carrier: null, transit: [3, 3] },
  { id: "ekaterinburg", name: "Екатеринбург", carrier: null, transit: [3, 4] },
  { id: "nizhny-novgorod", name: "Нижний Новгород", carrier: { percent: 3 }, transit: [3, 5] },
  { id: "samara", name: "Самара", carrier: { percent: 3 }, transit: [4, 6] },
  { id: "krasnodar", name: "Краснодар", carrier: { percent: 4 }, transit: [5, 8] },
  { id: "novosibirsk", name: "Новосибирск", carrier: { percent: 5 }, transit: [6, 10] },
] as const satisfies readonly { id: string; name: string; carrier: { percent: number } | null; transit: readonly [number, number] }[];

export type DeliveryCity = (typeof DELIVERY_CITIES)[number];
export type CityId = DeliveryCity["id"];
export const DEFAULT_CITY: CityId = "moscow";

export function cityById(id: unknown): DeliveryCity | null {
  return DELIVERY_CITIES.find((c) => c.id === id) ?? null;
}

/** Bringing goods worth `itemsTotal` to the city's door: the courier tariff, or the carrier's share in whole roubles. */
export function cityDeliveryCost(city: DeliveryCity, itemsTotal: number): number {
  if (!city.carrier) return deliveryCost("courier", itemsTotal);
  return Math.ceil((itemsTotal * city.carrier.percent) / 100 / 100) * 100;
}

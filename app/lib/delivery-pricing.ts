// Every delivery price of the shop, in one configurable place: the checkout, the order and the
// /delivery/ calculator all use these rules. Money in kopecks, weight in grams.
export const DELIVERY_TYPES = {
  pickup: "Самовывоз",
  courier: "Доставка курьером",
  floor: "Доставка с подъёмом на этаж",
} as const;
export type DeliveryType = keyof typeof DELIVERY_TYPES;

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

const started = (grams: number, perKg: number) => Math.max(1, Math.ceil(grams / (perKg * 1000)));

/** Cost of carrying the order up to the floor; the first floor (and a weightless order) is free. */
export function liftingCost(weightGrams: number, floor: number, lift: LiftType): number {
  if (weightGrams <= 0 || !Number.isInteger(floor) || floor <= 1) return 0;
  const p = DELIVERY_PRICING;
  switch (lift) {
    case "freight":
      return started(weightGrams, 100) * p.freightLiftPer100kg;
    case "passenger":
      return started(weightGrams, 50) * p.passengerLiftPer50kg;
    default:
      return (Math.min(floor, p.maxFloor) - 1) * started(weightGrams, 50) * p.stairsPerFloorPer50kg;
  }
}

/** Cost of bringing the order: pickup is free; courier and floor delivery share the courier price. */
export function deliveryCost(type: DeliveryType, itemsTotal: number): number {
  if (type === "pickup") return 0;
  return itemsTotal >= DELIVERY_PRICING.freeDeliveryFrom ? 0 : DELIVERY_PRICING.courier;
}

export interface DeliveryQuote {
  delivery: number;
  lifting: number;
  total: number;
}

export function quoteDelivery(input: { type: DeliveryType; itemsTotal: number; weightGrams: number; floor?: number; lift?: LiftType }): DeliveryQuote {
  const delivery = deliveryCost(input.type, input.itemsTotal);
  const lifting = input.type === "floor" ? liftingCost(input.weightGrams, input.floor ?? 1, input.lift ?? "none") : 0;
  return { delivery, lifting, total: delivery + lifting };
}

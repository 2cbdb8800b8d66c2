// The pickup choice refused, in the checkout's check and again when the order is placed. A module
// of its own, so the pages that only price delivery do not carry the messages.

/** No point chosen, or one the shop does not have. */
export const PICKUP_POINT_MESSAGES = {
  missing: "Выберите пункт самовывоза",
  unknown: "Такого пункта самовывоза нет: выберите пункт из списка",
} as const;

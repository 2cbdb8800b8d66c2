// Where an order came from (orders.source): the checkout's orders have none; «Купить в 1 клик»
// (decision 083) marks its own, and the back office's list and order page say so.

/** orders.source of an order placed in one click */
export const ONE_CLICK_SOURCE = "one_click";
export const ONE_CLICK_SOURCE_NAME = "1 клик";

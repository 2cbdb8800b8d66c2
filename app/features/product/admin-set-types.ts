// What the set editor of the product form shows (no server code here): the items as they are now
// in the catalogue (title, price, weight) with what staff typed for each (quantity, optional).

export interface SetItemValue {
  id: number;
  title: string;
  /** kopecks, one piece, the item's current price */
  price: number;
  /** grams, one piece */
  weight: number;
  /** as typed */
  qty: string;
  optional: boolean;
}

export interface SetFormValues {
  /** as typed, percent */
  discount: string;
  items: SetItemValue[];
  /** what was typed in «Добавить предмет» when it could not be added */
  add?: string;
}

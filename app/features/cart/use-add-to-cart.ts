import { useFetcher } from "react-router";

/** All «В корзину» buttons share one fetcher, so the mini-cart informer can follow its answers. */
export const ADD_TO_CART_KEY = "cart-add";

export interface CartAnswer {
  cnt?: number;
  qty?: number;
  notice?: string | null;
  product?: { title: string; price: number };
  error?: string;
}

export function useAddToCart() {
  const fetcher = useFetcher<CartAnswer>({ key: ADD_TO_CART_KEY });
  return {
    busy: fetcher.state !== "idle",
    /** adds `cnt` pieces (for a set: only the given items) and lets the informer report it */
    add(item: { id: number; variant?: number; type: string; cnt: number; items?: number[] }) {
      void fetcher.submit({ ...item, mode: "add" }, { method: "post", action: `/cart/${item.type}/`, encType: "application/json" });
    },
  };
}

import { useFetcher, useLocation } from "react-router";
import type { ProductCardData } from "../../domain/catalog-types.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useRootData } from "../../root-data.ts";
import { useAddToCart } from "../cart/use-add-to-cart.ts";

/**
 * «В корзину» and «Сравнить» as plain forms (they post and come back without JavaScript); with
 * JavaScript they send JSON in the background, the header and the informer update in place.
 */
export function CardActions({ product }: { product: ProductCardData }) {
  const location = useLocation();
  const back = location.pathname + location.search;
  const cart = useAddToCart();
  const compare = useFetcher({ key: `compare-${product.id}` });
  const comparedNow = useRootData()?.compared.includes(product.id) ?? false;
  // while the toggle is on its way, show where it is going
  const compared = compare.state !== "idle" ? !comparedNow : comparedNow;
  const soldOut = product.stock <= 0;
  return (
    <div className="card-actions">
      <form
        method="post"
        action={`/cart/${product.kind}/`}
        className="card-actions__cart"
        onSubmit={(e) => {
          e.preventDefault();
          cart.add({ id: product.id, type: product.kind, cnt: 1 });
        }}
      >
        <input type="hidden" name="id" value={product.id} />
        <input type="hidden" name="type" value={product.kind} />
        <input type="hidden" name="cnt" value="1" />
        <input type="hidden" name="mode" value="add" />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className="button button--action card-actions__buy" disabled={soldOut}>
          <Icon name="shopping-cart" size={18} /> {soldOut ? "Под заказ" : "В корзину"}
        </button>
      </form>
      <form
        method="post"
        action="/compare/toggle/"
        className="card-actions__compare"
        onSubmit={(e) => {
          e.preventDefault();
          void compare.submit({ id: product.id }, { method: "post", action: "/compare/toggle/", encType: "application/json" });
        }}
      >
        <input type="hidden" name="id" value={product.id} />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className="icon-button card-actions__compare-button" aria-pressed={compared} title={compared ? "Убрать из сравнения" : "Добавить к сравнению"}>
          <Icon name="git-compare" />
          <span className="visually-hidden">Сравнить</span>
        </button>
      </form>
    </div>
  );
}

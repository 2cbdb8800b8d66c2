import { useLocation } from "react-router";
import type { ProductCardData } from "../../domain/catalog-types.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useAddToCart } from "../cart/use-add-to-cart.ts";
import { CompareToggle } from "../compare/CompareToggle.tsx";
import { FavoriteToggle } from "../favorites/FavoriteToggle.tsx";

/**
 * «В корзину», «Сравнить» and «В избранное» as plain forms (they post and come back without
 * JavaScript); with JavaScript they send JSON in the background, the header and the informer
 * update in place. The heart sits over the picture (FavoriteToggle.css).
 */
export function CardActions({ product }: { product: ProductCardData }) {
  const location = useLocation();
  const back = location.pathname + location.search;
  const cart = useAddToCart();
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
      <CompareToggle productId={product.id} back={back} variant="icon" />
      <FavoriteToggle productId={product.id} back={back} variant="card" />
    </div>
  );
}

import { Link, useLocation } from "react-router";
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
  if (product.stock <= 0) {
    // made to order: the cart does not take it yet, so no buy button; the product page says how long and takes a callback
    return (
      <div className="card-actions">
        <Link to={`/product/${product.slug}/#preorder`} className="button button--ghost card-actions__buy card-actions__notify">
          Сообщить о поступлении
        </Link>
        <CompareToggle productId={product.id} back={back} variant="icon" />
      </div>
    );
  }
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
        <button type="submit" className="button button--action card-actions__buy">
          <Icon name="shopping-cart" size={18} /> В корзину
        </button>
      </form>
      <CompareToggle productId={product.id} back={back} variant="icon" />
      <FavoriteToggle productId={product.id} back={back} variant="card" />
    </div>
  );
}

import { useLocation } from "react-router";
import type { ComparedProduct } from "../../domain/compare-types.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useAddToCart } from "../cart/use-add-to-cart.ts";

/**
 * «В корзину» in the comparison table: a plain form that posts and comes back to /compare/ without
 * JavaScript; with it, the shared add-to-cart fetcher (the header and the informer update in place).
 */
export function CompareBuyButton({ product }: { product: ComparedProduct }) {
  const location = useLocation();
  const cart = useAddToCart();
  const soldOut = product.stock <= 0;
  return (
    <form
      method="post"
      action={`/cart/${product.kind}/`}
      onSubmit={(e) => {
        e.preventDefault();
        cart.add({ id: product.id, type: product.kind, cnt: 1 });
      }}
    >
      <input type="hidden" name="id" value={product.id} />
      <input type="hidden" name="type" value={product.kind} />
      <input type="hidden" name="cnt" value="1" />
      <input type="hidden" name="mode" value="add" />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <button type="submit" className="button button--action comparison__buy" disabled={soldOut} aria-describedby={`compare-title-${product.id}`}>
        <Icon name="shopping-cart" size={16} /> {soldOut ? "Под заказ" : "В корзину"}
      </button>
    </form>
  );
}

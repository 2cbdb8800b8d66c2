import { useLocation } from "react-router";
import type { ProductCardData } from "../../domain/catalog-types.ts";
import { Icon } from "../../ui/Icon.tsx";

/**
 * «В корзину» and «Сравнить» as plain forms (they post and come back without JavaScript);
 * the cart issue enhances them with live updates.
 */
export function CardActions({ product, compared = false }: { product: ProductCardData; compared?: boolean }) {
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <div className="card-actions">
      <form method="post" action={`/cart/${product.kind}/`} className="card-actions__cart">
        <input type="hidden" name="id" value={product.id} />
        <input type="hidden" name="type" value={product.kind} />
        <input type="hidden" name="cnt" value="1" />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className="button button--action card-actions__buy" disabled={product.stock <= 0 && product.kind === "set"}>
          <Icon name="shopping-cart" size={18} /> В корзину
        </button>
      </form>
      <form method="post" action="/compare/toggle/" className="card-actions__compare">
        <input type="hidden" name="id" value={product.id} />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className="icon-button card-actions__compare-button" aria-pressed={compared}>
          <Icon name="git-compare" />
          <span className="visually-hidden">Сравнить</span>
        </button>
      </form>
    </div>
  );
}

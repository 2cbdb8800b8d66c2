import { Link, useLocation } from "react-router";
import type { ComparedProduct } from "./compare-types.ts";
import { availabilityOf } from "../delivery/index.ts";
import { AddToCartButton } from "../cart/components.ts";

/**
 * The comparison's «Купить» cell: «В корзину» for goods in stock; for goods made to order the same
 * honest state as on the card (lead time and «Сообщить о поступлении»), never a disabled button.
 */
export function CompareBuyButton({ product }: { product: ComparedProduct }) {
  const location = useLocation();
  const availability = availabilityOf(product.stock, product.lead);
  if (!availability.canBuy) {
    return (
      <>
        <p className={`availability availability--${availability.tone}`}>{availability.text}</p>
        <Link to={`/product/${product.slug}/#preorder`} className="button button--ghost comparison__buy">
          Сообщить о поступлении
        </Link>
      </>
    );
  }
  return (
    <AddToCartButton
      product={product}
      back={location.pathname + location.search}
      buttonClassName="button button--action comparison__buy"
      iconSize={16}
      describedBy={`compare-title-${product.id}`}
    />
  );
}

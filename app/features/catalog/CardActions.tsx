import { Link, useLocation } from "react-router";
import type { ProductCardData } from "./catalog-types.ts";
import { AddToCartButton } from "../cart/components.ts";
import { CompareToggle } from "../compare/components.ts";
import { FavoriteToggle } from "../favourites/components.ts";

/**
 * «В корзину», «Сравнить» and «В избранное» as plain forms (they post and come back without
 * JavaScript); with JavaScript they send JSON in the background, the header and the informer
 * update in place. The heart sits over the picture (FavoriteToggle.css).
 */
export function CardActions({ product }: { product: ProductCardData }) {
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <div className="card-actions">
      {product.stock > 0 ? (
        <AddToCartButton product={product} back={back} formClassName="card-actions__cart" buttonClassName="button button--action card-actions__buy" />
      ) : (
        // made to order: the cart does not take it yet, so no buy button; the product page says how long and takes a callback
        <Link to={`/product/${product.slug}/#preorder`} className="button button--ghost card-actions__buy card-actions__notify">
          Сообщить о поступлении
        </Link>
      )}
      <CompareToggle productId={product.id} back={back} variant="icon" />
      <FavoriteToggle productId={product.id} back={back} variant="card" />
    </div>
  );
}

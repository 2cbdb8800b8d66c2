import { Link } from "react-router";
import type { ProductCardData } from "../../domain/catalog-types.ts";
import { discountPercent, formatPrice } from "../../lib/format.ts";
import { ProductPicture } from "./ProductPicture.tsx";
import "./ProductCard.css";

const CARD_SIZES = "(min-width: 1200px) 300px, (min-width: 992px) 30vw, (min-width: 576px) 45vw, 90vw";

export function availabilityOf(stock: number): { text: string; tone: "ok" | "warn" | "muted" } {
  if (stock <= 0) return { text: "Под заказ", tone: "muted" };
  if (stock <= 3) return { text: "Мало", tone: "warn" };
  return { text: "В наличии", tone: "ok" };
}

export function ProductCard({ product }: { product: ProductCardData }) {
  const discount = discountPercent(product.price, product.oldPrice);
  const availability = availabilityOf(product.stock);
  const href = `/product/${product.slug}/`;
  return (
    <article className="product-card">
      <Link to={href} className="product-card__image" tabIndex={-1} aria-hidden="true">
        {product.image ? <ProductPicture image={product.image} sizes={CARD_SIZES} /> : null}
        {discount > 0 ? <span className="product-card__badge">−{discount} %</span> : null}
      </Link>
      <h3 className="product-card__title">
        <Link to={href}>{product.title}</Link>
      </h3>
      <p className="product-card__price">
        <span className="product-card__current">{formatPrice(product.price)}</span>
        {product.oldPrice && discount > 0 ? (
          <s className="product-card__old">
            <span className="visually-hidden">Старая цена: </span>
            {formatPrice(product.oldPrice)}
          </s>
        ) : null}
      </p>
      <p className={`product-card__stock product-card__stock--${availability.tone}`}>{availability.text}</p>
    </article>
  );
}

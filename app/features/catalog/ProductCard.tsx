import { Link } from "react-router";
import type { ProductCardData } from "./catalog-types.ts";
import { countOf, discountPercent, formatPrice } from "../../lib/format.ts";
import { formatRating } from "../../lib/rating.ts";
import { availabilityOf } from "../delivery/index.ts";
import { ProductPicture } from "../media/components.ts";
import { CardActions } from "./CardActions.tsx";
import "./ProductCard.css";

// two cards a row on phones, so an image is about half the screen there
const CARD_SIZES = "(min-width: 1200px) 300px, (min-width: 992px) 30vw, 48vw";
const REVIEW_FORMS = ["отзыв", "отзыва", "отзывов"] as const;

export function ProductCard({
  product,
  layout = "grid",
  eager = false,
  priority = false,
}: {
  product: ProductCardData;
  layout?: "grid" | "list";
  eager?: boolean;
  priority?: boolean;
}) {
  const discount = discountPercent(product.price, product.oldPrice);
  const availability = availabilityOf(product.stock, product.lead);
  const href = `/product/${product.slug}/`;
  return (
    <article className={`product-card product-card--${layout}`}>
      <Link to={href} className="product-card__image" tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <ProductPicture image={product.image} sizes={layout === "list" ? "(min-width: 768px) 240px, 90vw" : CARD_SIZES} eager={eager} priority={priority} />
        ) : null}
        {discount > 0 ? <span className="product-card__badge">−{discount} %</span> : null}
      </Link>
      <h3 className="product-card__title">
        <Link to={href}>{product.title}</Link>
      </h3>
      {product.rating > 0 ? (
        <p className="product-card__rating">
          <span className="product-card__star" aria-hidden="true">
            ★
          </span>{" "}
          {formatRating(product.rating)}
          <span className="visually-hidden"> из 5</span>
          {product.ratingCount > 0 ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">, </span>
              {countOf(product.ratingCount, REVIEW_FORMS)}
            </>
          ) : null}
        </p>
      ) : null}
      {layout === "list" && product.properties?.length ? (
        <dl className="product-card__props">
          {product.properties.slice(0, 6).map((p) => (
            <div key={p.title}>
              <dt>{p.title}</dt>
              <dd>{p.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="product-card__price">
        <span className="product-card__current">{formatPrice(product.price)}</span>
        {product.oldPrice && discount > 0 ? (
          <s className="product-card__old">
            <span className="visually-hidden">Старая цена: </span>
            {formatPrice(product.oldPrice)}
          </s>
        ) : null}
      </p>
      <p className={`product-card__stock availability availability--${availability.tone}`}>{availability.text}</p>
      <CardActions product={product} />
    </article>
  );
}

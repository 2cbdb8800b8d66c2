import { useRef, useState } from "react";
import { Link } from "react-router";
import type { ProductPageData } from "./product-types.ts";
import { countOf, discountPercent, formatPrice, formatWeight } from "../../lib/format.ts";
import { formatRating } from "../../lib/rating.ts";
import { tabPath } from "./product-tabs.ts";
import { QuantityInput } from "../../ui/QuantityInput.tsx";
import { StarRating } from "../../ui/StarRating.tsx";
import { ShareButtons } from "../../ui/ShareButtons.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { availabilityOf } from "../delivery/index.ts";
import type { DeliveryEstimate } from "../delivery/index.ts";
import { useAddToCart } from "../cart/components.ts";
import { CompareToggle } from "../compare/components.ts";
import { FavoriteToggle } from "../favourites/components.ts";
import { PreorderButton, StockNoticeButton } from "../requests/components.ts";
import { OneClickButton } from "../checkout/components.ts";
import { DeliveryInfo } from "../delivery/components.ts";
import { StickyBuyBar } from "./StickyBuyBar.tsx";
import { VariantPicker } from "./VariantPicker.tsx";

export const BUY_FORM_ID = "product-buy";
// every rating is a review with a text (the seed and the review form alike), so the count is of reviews
const REVIEW_FORMS = ["отзыв", "отзыва", "отзывов"] as const;

interface Props {
  product: ProductPageData;
  /** what is shown: for a set, the totals of the included items */
  price: number;
  oldPrice: number | null;
  weight: number;
  /** a set's included item ids (what the cart gets); undefined for plain products */
  items?: number[];
  /** the current path and variant, to come back to after a post without JavaScript */
  back: string;
  /** the page's path without the query: the choice form's action */
  path: string;
  shareUrl: string;
  delivery: DeliveryEstimate;
  /** showrooms that have it now */
  showroomsWithStock: number;
}

/**
 * Price, availability, quantity, «В корзину» and «Сравнить»; for goods made to order the price,
 * «Под заказ, 4–6 недель», «Оформить предзаказ» and «Сообщить о поступлении» (an e-mail when it
 * is back, decision 084) instead of a buy button the cart would refuse. The cart form posts id, type, cnt
 * and, for a set, one `item` per included item (those inputs sit in the set block and join this
 * form through their form attribute), so the cart gets exactly what is shown.
 */
export function PriceBlock({ product, price, oldPrice, weight, items, back, path, shareUrl, delivery, showroomsWithStock }: Props) {
  const availability = availabilityOf(product.stock, product.lead);
  const canBuy = availability.canBuy;
  const buyButton = useRef<HTMLButtonElement>(null);
  const [qty, setQty] = useState(1);
  const cart = useAddToCart();
  const discount = discountPercent(price, oldPrice);
  const chosen = product.variants.find((v) => v.id === product.variantId);
  // the variant the actions name (decision 108, section 3); a single-variant model's is implied
  const variant = product.choices.length && chosen ? chosen.id : undefined;
  return (
    <>
      <section className="price-block" aria-labelledby="price-block-title">
        <h2 id="price-block-title" className="visually-hidden">
          Цена и покупка
        </h2>
        {product.ratingCount > 0 ? (
          <p className="price-block__rating">
            <StarRating value={product.rating} size={32} />
            <span className="price-block__rating-value">{formatRating(product.rating)}</span>
            <Link to={`${tabPath(product.slug, "reviews")}#tabs`} className="price-block__rating-link">
              {countOf(product.ratingCount, REVIEW_FORMS)}
            </Link>
          </p>
        ) : null}

        <p className="price-block__price">
          <span className="price-block__current" data-testid="product-price">
            {formatPrice(price)}
          </span>
          {oldPrice && discount > 0 ? (
            <>
              <s className="price-block__old">
                <span className="visually-hidden">Старая цена: </span>
                {formatPrice(oldPrice)}
              </s>
              <span className="price-block__badge">−{discount} %</span>
            </>
          ) : null}
        </p>
        {oldPrice && discount > 0 ? <p className="price-block__saving">Экономия {formatPrice(oldPrice - price)}</p> : null}

        {product.choices.length && chosen ? <VariantPicker path={path} variants={product.variants} choices={product.choices} chosen={chosen} /> : null}

        <ul className="price-block__facts">
          <li className={`price-block__stock availability availability--${availability.tone}`}>{availability.text}</li>
          {weight > 0 ? (
            <li>
              Вес{product.kind === "set" ? " комплекта" : ""}: {formatWeight(weight)}
            </li>
          ) : null}
          <li data-testid="product-article">Артикул: {product.article}</li>
        </ul>

        <div className="price-block__actions">
          {canBuy ? (
            <form
              id={BUY_FORM_ID}
              method="post"
              action={`/cart/${product.kind}/`}
              className="price-block__buy"
              onSubmit={(e) => {
                e.preventDefault();
                if (cart.busy) return;
                cart.add({ id: product.id, ...(variant ? { variant } : {}), type: product.kind, cnt: qty, ...(items ? { items } : {}) });
              }}
            >
              <input type="hidden" name="id" value={product.id} />
              {variant ? <input type="hidden" name="variant" value={variant} /> : null}
              <input type="hidden" name="type" value={product.kind} />
              <input type="hidden" name="mode" value="add" />
              <input type="hidden" name="back" value={back} />
              <QuantityInput name="cnt" value={qty} max={Math.max(1, product.stock)} onChange={setQty} />
              <button ref={buyButton} type="submit" className="button button--action price-block__cart" aria-disabled={cart.busy || undefined}>
                <Icon name="shopping-cart" size={18} /> В корзину
              </button>
            </form>
          ) : (
            <>
              <PreorderButton slug={product.slug} variant={variant} className="button button--action price-block__preorder" />
              <StockNoticeButton slug={product.slug} variant={variant} title={product.title} className="button button--ghost price-block__notify" />
            </>
          )}
          {canBuy ? <OneClickButton product={product.slug} variant={variant} /> : null}
          <CompareToggle productId={product.id} back={back} variant="button" />
          <FavoriteToggle productId={product.id} back={back} variant="button" />
        </div>
        {!canBuy ? (
          <p className="price-block__note" id="preorder">
            Этого товара сейчас нет на складе: его привезут за {availability.text.replace("Под заказ, ", "")}. Оформите предзаказ — менеджер позвонит и
            подтвердит срок, — или оставьте e-mail, и мы напишем, когда товар поступит.
          </p>
        ) : product.stock <= 3 ? (
          <p className="price-block__note">Осталось {product.stock} шт.</p>
        ) : null}

        <DeliveryInfo estimate={delivery} showroomsWithStock={showroomsWithStock} />

        <ShareButtons url={shareUrl} title={product.title} />
      </section>
      {/* outside the block: «Цена и покупка» holds exactly one «В корзину» */}
      {canBuy ? <StickyBuyBar price={price} watch={buyButton} formId={BUY_FORM_ID} /> : null}
    </>
  );
}

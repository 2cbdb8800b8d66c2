import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import type { CartLineView } from "./cart-types.ts";
import { availabilityLabel, availabilityReason } from "./cart-availability.ts";
import { lineAvailability } from "../delivery/index.ts";
import { formatPrice, formatWeight } from "../../lib/format.ts";
import { variantLabel } from "../../lib/variant-values.ts";
import { QuantityInput } from "../../ui/QuantityInput.tsx";
import { ProductPicture } from "../media/components.ts";
import { CartLineFields, cartLineBody } from "./cart-line-fields.tsx";

interface Props {
  line: CartLineView;
  qty: number;
  deleted: boolean;
  /** kopecks the applied promo code takes off this line (0: none) */
  promoOff?: number;
  onQty: (qty: number) => void;
  onDelete: () => void;
  onRestore: () => void;
}

type LineAnswer = { qty: number; notice: string | null } | { error: string };

/**
 * One cart line. Each line has its own fetcher (one request key per line), so a fast series of
 * clicks replaces the earlier request instead of racing it. Without JavaScript the quantity and
 * «Удалить» are plain forms. A line whose goods ran out (or ran short) meanwhile is marked with
 * the reason; removing or lowering it always works.
 */
export function CartLineRow({ line, qty, deleted, promoOff = 0, onQty, onDelete, onRestore }: Props) {
  const fetcher = useFetcher<LineAnswer>({ key: `cart-line-${line.variantId}-${line.items.map((i) => i.id).join(".")}` });
  const action = `/cart/${line.kind}/`;
  const send = (cnt: number) => fetcher.submit(cartLineBody(line, cnt), { method: "post", action, encType: "application/json" });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const notice = answer && "notice" in answer ? answer.notice : null;
  const error = answer && "error" in answer ? answer.error : null;
  // the server may store less than asked (a restored line is cut to the stock): show what it kept
  const kept = answer && "qty" in answer ? answer.qty : null;
  useEffect(() => {
    if (kept !== null && kept > 0 && kept !== qty && !deleted) onQty(kept);
    // only a new answer counts, not a later local change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const availability = lineAvailability(qty, line.inStock);
  const label = availabilityLabel(availability);
  const soldOut = availability.state === "out";
  // a chosen variant's line leads back to that variant (decision 108, section 2)
  const href = `/product/${line.slug}/${line.values.length ? `?v=${line.variantId}` : ""}`;
  const classes = ["cart-line", deleted ? "cart-line--deleted" : "", label && !deleted ? "cart-line--unavailable" : ""].filter(Boolean).join(" ");
  return (
    <li className={classes} data-deleted={deleted || undefined} data-availability={availability.state}>
      <Link to={href} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        {line.image ? <ProductPicture image={line.image} sizes="96px" /> : null}
      </Link>
      <div className="cart-line__info">
        <Link to={href} className="cart-line__title">
          {line.title}
        </Link>
        {line.items.length ? (
          <ul className="cart-line__items">
            {line.items.map((i) => (
              <li key={i.id}>
                <Link to={`/product/${i.slug}/`}>{i.title}</Link>
                {i.qty > 1 ? ` × ${i.qty}` : ""}
              </li>
            ))}
          </ul>
        ) : null}
        {line.values.length ? (
          <p className="cart-line__variant">
            {variantLabel(line.values)}
            {line.article ? ` · Артикул: ${line.article}` : ""}
          </p>
        ) : null}
        <p className="cart-line__unit">
          {formatPrice(line.price)} / шт.
          {line.oldPrice && line.oldPrice > line.price ? <s className="cart-line__old"> {formatPrice(line.oldPrice)}</s> : null} · {formatWeight(line.weight)}
        </p>
        {line.priceSeen !== null && !deleted ? (
          <p className="cart-line__price-changed">{`Цена изменилась: было ${formatPrice(line.priceSeen)}, стало ${formatPrice(line.price)}`}</p>
        ) : null}
        {label && !deleted ? (
          <p className="cart-line__availability">
            <strong className="cart-line__availability-label">{label}</strong> {availabilityReason(availability, qty)}
          </p>
        ) : null}
        {notice ? (
          <p className="cart-line__notice" role="status">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p className="cart-line__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <form method="post" action={action} className="cart-line__qty">
        <CartLineFields line={line} back="/cart/" />
        <QuantityInput
          name="cnt"
          value={qty}
          // a line above the stock shows its own quantity (not the stock it would be clamped to): minus lowers it
          max={Math.max(line.max, qty)}
          disabled={deleted}
          onChange={(q) => {
            onQty(q);
            send(q);
          }}
        />
        <noscript>
          <button type="submit" className="button button--ghost">
            Обновить
          </button>
        </noscript>
      </form>
      <p className="cart-line__total">
        <span className="visually-hidden">Сумма: </span>
        {formatPrice(line.price * qty)}
        {promoOff > 0 ? (
          <span className="cart-line__promo" data-testid="line-promo">
            {`−${formatPrice(promoOff)} по промокоду`}
          </span>
        ) : null}
        <span className="cart-line__weight">{label ? "не входит в итог" : formatWeight(line.weight * qty)}</span>
      </p>
      {deleted ? (
        // goods that are gone cannot be put back: there is nothing to restore them from
        soldOut ? (
          <p className="cart-line__removed">Удалено</p>
        ) : (
          <button
            type="button"
            className="button button--ghost cart-line__remove"
            onClick={() => {
              onRestore();
              send(qty);
            }}
          >
            Вернуть
          </button>
        )
      ) : (
        <form
          method="post"
          action={action}
          className="cart-line__remove-form"
          onSubmit={(e) => {
            e.preventDefault();
            onDelete();
            send(0);
          }}
        >
          <CartLineFields line={line} back="/cart/" />
          <input type="hidden" name="cnt" value="0" />
          <button type="submit" className="button button--ghost cart-line__remove">
            Удалить
          </button>
        </form>
      )}
    </li>
  );
}

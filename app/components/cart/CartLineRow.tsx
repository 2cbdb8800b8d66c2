import { Link, useFetcher } from "react-router";
import type { CartLineView } from "../../domain/cart-types.ts";
import { formatPrice, formatWeight } from "../../lib/format.ts";
import { QuantityInput } from "../../ui/QuantityInput.tsx";
import { ProductPicture } from "../catalog/ProductPicture.tsx";
import { CartLineFields, cartLineBody } from "./cart-line-fields.tsx";

interface Props {
  line: CartLineView;
  qty: number;
  deleted: boolean;
  onQty: (qty: number) => void;
  onDelete: () => void;
  onRestore: () => void;
}

/**
 * One cart line. Each line has its own fetcher (one request key per line), so a fast series of
 * clicks replaces the earlier request instead of racing it. Without JavaScript the quantity and
 * «Удалить» are plain forms.
 */
export function CartLineRow({ line, qty, deleted, onQty, onDelete, onRestore }: Props) {
  const fetcher = useFetcher<{ qty: number; notice: string | null }>({ key: `cart-line-${line.productId}-${line.items.map((i) => i.id).join(".")}` });
  const action = `/cart/${line.kind}/`;
  const send = (cnt: number) => fetcher.submit(cartLineBody(line, cnt), { method: "post", action, encType: "application/json" });
  const notice = fetcher.state === "idle" ? fetcher.data?.notice : null;
  const href = `/product/${line.slug}/`;
  return (
    <li className={`cart-line${deleted ? " cart-line--deleted" : ""}`} data-deleted={deleted || undefined}>
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
        <p className="cart-line__unit">
          {formatPrice(line.price)} / шт.
          {line.oldPrice && line.oldPrice > line.price ? <s className="cart-line__old"> {formatPrice(line.oldPrice)}</s> : null} · {formatWeight(line.weight)}
        </p>
        {notice ? (
          <p className="cart-line__notice" role="status">
            {notice}
          </p>
        ) : null}
      </div>
      <form method="post" action={action} className="cart-line__qty">
        <CartLineFields line={line} back="/cart/" />
        <QuantityInput
          name="cnt"
          value={qty}
          max={line.max}
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
        <span className="cart-line__weight">{formatWeight(line.weight * qty)}</span>
      </p>
      {deleted ? (
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

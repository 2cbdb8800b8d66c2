import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { formatPrice } from "../../lib/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { ADD_TO_CART_KEY, type CartAnswer } from "./use-add-to-cart.ts";
import "./CartInformer.css";

export const INFORMER_MS = 2000;
export const INFORMER_LEAVE_MS = 500;

/**
 * The mini-cart informer after «В корзину»: title, price and count; hides after 2 s; hovering
 * holds it; leaving hides it after 0.5 s — unless it was closed by a click, which hides it at once.
 */
export function CartInformer() {
  const fetcher = useFetcher<CartAnswer>({ key: ADD_TO_CART_KEY });
  const [shown, setShown] = useState<CartAnswer | null>(null);
  const [handled, setHandled] = useState<CartAnswer | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== handled) {
    setHandled(fetcher.data);
    setShown(fetcher.data);
  }

  const hideIn = (ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(null), ms);
  };
  useEffect(() => {
    if (shown) hideIn(INFORMER_MS);
    return () => clearTimeout(timer.current);
  }, [shown]);

  if (!shown) return null;
  return (
    <div
      className={`cart-informer${shown.error ? " cart-informer--error" : ""}`}
      role="status"
      aria-label="Корзина обновлена"
      onMouseEnter={() => clearTimeout(timer.current)}
      onMouseLeave={() => hideIn(INFORMER_LEAVE_MS)}
    >
      {shown.error ? (
        <p className="cart-informer__title">{shown.error}</p>
      ) : (
        <>
          <p className="cart-informer__head">
            <Icon name="check" size={18} /> Товар в корзине
          </p>
          <p className="cart-informer__title">{shown.product?.title}</p>
          <p className="cart-informer__meta">
            <span>{shown.product ? formatPrice(shown.product.price) : null}</span>
            <span>{shown.qty} шт. в корзине</span>
          </p>
          {shown.notice ? <p className="cart-informer__notice">{shown.notice}</p> : null}
          <Link to="/cart/" className="button button--action cart-informer__go">
            Перейти в корзину
          </Link>
        </>
      )}
      <button
        type="button"
        className="icon-button cart-informer__close"
        onClick={() => {
          clearTimeout(timer.current);
          setShown(null);
        }}
      >
        <Icon name="x" size={18} />
        <span className="visually-hidden">Закрыть</span>
      </button>
    </div>
  );
}

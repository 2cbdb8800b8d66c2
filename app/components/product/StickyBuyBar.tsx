import { useEffect, useState, type RefObject } from "react";
import { formatPrice } from "../../lib/format.ts";
import { Icon } from "../../ui/Icon.tsx";

/**
 * On phones, once the main «В корзину» has scrolled out of view, a bar at the bottom keeps the
 * price and the button at hand; its button submits the same buy form. The bar is hidden (not
 * just moved) while the main button shows, so only one «В корзину» is visible at a time, and the
 * body is marked so «Наверх» moves up above it. Wider screens never show it (CSS).
 */
export function StickyBuyBar({ price, watch, formId }: { price: number; watch: RefObject<HTMLElement | null>; formId: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const target = watch.current;
    if (!target || typeof IntersectionObserver === "undefined") return;
    // shown only when the button has left the viewport upwards (not before the visitor reaches it)
    const observer = new IntersectionObserver(([entry]) => setShown(!!entry && !entry.isIntersecting && entry.boundingClientRect.bottom < 0));
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch]);
  useEffect(() => {
    document.body.classList.toggle("has-sticky-buy", shown);
    return () => document.body.classList.remove("has-sticky-buy");
  }, [shown]);
  return (
    <div className="sticky-buy" hidden={!shown} data-testid="sticky-buy">
      <span className="sticky-buy__price">{formatPrice(price)}</span>
      <button type="submit" form={formId} className="button button--action sticky-buy__button">
        <Icon name="shopping-cart" size={18} /> В корзину
      </button>
    </div>
  );
}

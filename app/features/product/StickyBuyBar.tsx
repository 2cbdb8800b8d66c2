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
    if (!target) return;
    // a scroll listener, not an IntersectionObserver: a jump (a link to #reviews, a restored
    // scroll) can take the button from below the fold to above it without ever crossing the viewport
    let frame = 0;
    const update = () => {
      frame = 0;
      setShown(target.getBoundingClientRect().bottom < 0);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [watch]);
  useEffect(() => {
    document.body.classList.toggle("has-sticky-buy", shown);
    return () => document.body.classList.remove("has-sticky-buy");
  }, [shown]);
  return (
    <aside className="sticky-buy" aria-label="Быстрая покупка" hidden={!shown} data-testid="sticky-buy">
      <span className="sticky-buy__price">{formatPrice(price)}</span>
      <button type="submit" form={formId} className="button button--action sticky-buy__button">
        <Icon name="shopping-cart" size={18} /> В корзину
      </button>
    </aside>
  );
}

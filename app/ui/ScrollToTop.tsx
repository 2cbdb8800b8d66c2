import { useLayoutEffect, useRef, useState } from "react";
import { animateScrollTo, SCROLL_TOP_MS } from "../lib/smooth-scroll.ts";
import { useScrollY } from "./use-scroll-y.ts";
import { Icon } from "./Icon.tsx";
import "./ScrollToTop.css";

export const SCROLL_TOP_THRESHOLD = 600;
const GAP = 24;

/**
 * «Наверх»: hidden until 600 px of scroll; once the footer comes into view it docks above
 * the footer instead of covering it (and above a sticky bottom bar, see below); scrolls to the
 * top in 500 ms, linear.
 */
export function ScrollToTop() {
  const y = useScrollY();
  const ref = useRef<HTMLButtonElement>(null);
  const [dockTop, setDockTop] = useState<number | null>(null);
  const visible = y >= SCROLL_TOP_THRESHOLD;

  useLayoutEffect(() => {
    const button = ref.current;
    if (!button || !visible) return setDockTop(null);
    // It docks above the footer, and above a bar marked data-scroll-top-dock (the cart's sticky
    // «Оформить заказ») once that bar has left the bottom of the screen for its own place; while
    // the bar is stuck to the bottom, the bar's page lifts the button above it with CSS. What is
    // fixed to the bottom of the screen (the phone tab bar) keeps the page's end free as body padding.
    const covered = parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
    const screenBottom = window.innerHeight - covered;
    let dock: number | null = null;
    for (const el of document.querySelectorAll<HTMLElement>(".site-footer, [data-scroll-top-dock]")) {
      const bar = el.hasAttribute("data-scroll-top-dock");
      // (on wide screens the same element is an ordinary block: nothing to dock above)
      if (bar && getComputedStyle(el).position !== "sticky") continue;
      const box = el.getBoundingClientRect();
      const stuck = bar && Math.round(box.bottom) >= screenBottom;
      if (stuck || box.top > screenBottom) continue;
      const top = box.top + window.scrollY - button.offsetHeight - GAP;
      dock = dock === null ? top : Math.min(dock, top);
    }
    setDockTop(dock);
  }, [y, visible]);

  return (
    <button
      ref={ref}
      type="button"
      className={`scroll-top${dockTop !== null ? " scroll-top--docked" : ""}`}
      hidden={!visible}
      style={dockTop !== null ? { top: `${dockTop}px` } : undefined}
      onClick={() => void animateScrollTo(0, SCROLL_TOP_MS)}
    >
      <Icon name="arrow-up" size={22} />
      <span className="visually-hidden">Наверх</span>
    </button>
  );
}

import { useLayoutEffect, useRef, useState } from "react";
import { animateScrollTo, SCROLL_TOP_MS } from "../lib/smooth-scroll.ts";
import { useScrollY } from "./use-scroll-y.ts";
import { Icon } from "./Icon.tsx";
import "./ScrollToTop.css";

export const SCROLL_TOP_THRESHOLD = 600;
const GAP = 24;

/**
 * «Наверх»: hidden until 600 px of scroll; once the footer comes into view it docks above
 * the footer instead of covering it; scrolls to the top in 500 ms, linear.
 */
export function ScrollToTop() {
  const y = useScrollY();
  const ref = useRef<HTMLButtonElement>(null);
  const [dockTop, setDockTop] = useState<number | null>(null);
  const visible = y >= SCROLL_TOP_THRESHOLD;

  useLayoutEffect(() => {
    const footer = document.querySelector<HTMLElement>(".site-footer");
    const button = ref.current;
    if (!footer || !button || !visible) return setDockTop(null);
    const footerTop = footer.getBoundingClientRect().top + window.scrollY;
    // what is fixed to the bottom of the screen (the phone tab bar) keeps the page's end free as padding
    const covered = parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
    const reached = window.scrollY + window.innerHeight - covered >= footerTop;
    setDockTop(reached ? footerTop - button.offsetHeight - GAP : null);
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

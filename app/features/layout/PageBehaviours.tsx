import { useEffect } from "react";
import { ANCHOR_OFFSET, ANCHOR_SCROLL_MS, animateScrollTo, menuAnchorOffset } from "../../lib/smooth-scroll.ts";

/** The element's top in the document from layout alone: a block still sliding in (a transform) does not shift the target. */
function layoutTop(el: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = el; node; node = node.offsetParent as HTMLElement | null) top += node.offsetTop;
  return top;
}

/**
 * Site-wide link behaviours (docs/behaviour.md «Every page»), delegated from the document:
 * smooth anchor scrolling (300 ms, offset 90; menu anchors 80/160) and `data-goto` links.
 */
export function PageBehaviours() {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const el = (e.target as Element).closest<HTMLElement>("a[href], [data-goto]");
      if (!el) return;

      const goto = el.dataset.goto;
      if (goto) {
        e.preventDefault();
        const target = el.getAttribute("target") ?? el.dataset.target;
        if (target === "_blank") window.open(goto, "_blank", "noopener");
        else window.location.assign(goto);
        return;
      }

      const link = el as HTMLAnchorElement;
      const url = new URL(link.href, window.location.href);
      if (!url.hash || url.pathname !== window.location.pathname || url.search !== window.location.search) return;
      const id = decodeURIComponent(url.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      e.preventDefault();
      const offset = link.closest(".main-menu") ? menuAnchorOffset(window.innerWidth) : ANCHOR_OFFSET;
      const y = layoutTop(target) - offset;
      window.history.pushState(window.history.state, "", url.hash);
      void animateScrollTo(y, ANCHOR_SCROLL_MS).then(() => {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return null;
}

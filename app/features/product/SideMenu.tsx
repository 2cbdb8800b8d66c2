import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * Affix at 992 px and above; not when the list beside it is under 812 px tall
 * (docs/behaviour.md «Widgets and timing»).
 */
export const AFFIX_FROM_PX = 992;
export const AFFIX_MIN_LIST_PX = 812;

export interface SideMenuItem {
  id: string;
  title: string;
}

/**
 * The page's sections as hash links (the site-wide smooth scroll takes them to their place).
 * At 992 px and wider the block sticks while the content column beside it scrolls, unless that
 * column is shorter than 812 px, where sticking would only get in the way.
 */
export function SideMenu({ items, listRef }: { items: SideMenuItem[]; listRef: RefObject<HTMLElement | null> }) {
  const [affix, setAffix] = useState(false);
  const [current, setCurrent] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const wide = window.matchMedia(`(min-width: ${AFFIX_FROM_PX}px)`);
    const update = () => setAffix(wide.matches && list.offsetHeight >= AFFIX_MIN_LIST_PX);
    update();
    const ro = new ResizeObserver(update);
    ro.observe(list);
    wide.addEventListener("change", update);
    return () => {
      ro.disconnect();
      wide.removeEventListener("change", update);
    };
  }, [listRef]);

  useEffect(() => {
    const targets = items.map((i) => document.getElementById(i.id)).filter((el): el is HTMLElement => el !== null);
    if (!targets.length) return;
    const io = new IntersectionObserver(
      (entries) => {
        const seen = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        if (seen) setCurrent(seen.target.id);
      },
      { rootMargin: "-100px 0px -60% 0px" },
    );
    for (const t of targets) io.observe(t);
    return () => io.disconnect();
  }, [items]);

  return (
    <nav ref={nav} className={`side-menu${affix ? " side-menu--affix" : ""}`} aria-label="Разделы страницы товара">
      <ul>
        {items.map((i) => (
          <li key={i.id}>
            <a href={`#${i.id}`} aria-current={current === i.id ? "location" : undefined}>
              {i.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

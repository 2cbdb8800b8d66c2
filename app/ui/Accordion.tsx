// Accordion on <details>/<summary>: without JavaScript every item still opens and closes (and,
// through the shared `name`, one at a time). With JavaScript opening and closing animate for 400 ms
// (docs/behaviour.md «Widgets and timing») and, unless allowMultiple, opening one closes the
// others.
import { useId, useRef, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated.ts";
import { Icon } from "./Icon.tsx";
import "./Accordion.css";

export const ACCORDION_DURATION_MS = 400;

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
  open?: boolean;
}

interface Props {
  items: AccordionItem[];
  /** opening one closes the others by default */
  allowMultiple?: boolean;
  duration?: number;
  className?: string;
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function panelOf(details: HTMLDetailsElement) {
  return details.querySelector<HTMLElement>(":scope > .accordion__panel");
}

function animateHeight(details: HTMLDetailsElement, opening: boolean, duration: number) {
  const panel = panelOf(details);
  const ms = reducedMotion() ? 0 : duration;
  details.getAnimations({ subtree: true }).forEach((a) => a.cancel());
  if (opening) {
    details.open = true;
    details.dataset.state = "open";
    if (!panel || ms === 0) return;
    const h = panel.scrollHeight;
    panel.animate(
      [
        { height: "0px", opacity: 0 },
        { height: `${h}px`, opacity: 1 },
      ],
      { duration: ms, easing: "ease" },
    );
  } else {
    details.dataset.state = "closing";
    if (!panel || ms === 0) {
      details.open = false;
      details.dataset.state = "closed";
      return;
    }
    const h = panel.scrollHeight;
    const anim = panel.animate(
      [
        { height: `${h}px`, opacity: 1 },
        { height: "0px", opacity: 0 },
      ],
      { duration: ms, easing: "ease" },
    );
    anim.onfinish = () => {
      details.open = false;
      details.dataset.state = "closed";
    };
  }
}

export function Accordion({ items, allowMultiple = false, duration = ACCORDION_DURATION_MS, className }: Props) {
  const group = useId();
  const root = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  function onSummaryClick(e: MouseEvent<HTMLElement>) {
    e.preventDefault();
    const details = e.currentTarget.parentElement as HTMLDetailsElement;
    const isOpen = details.open && details.dataset.state !== "closing";
    if (!isOpen && !allowMultiple && root.current) {
      for (const other of root.current.querySelectorAll<HTMLDetailsElement>(":scope > details[open]")) {
        if (other !== details && other.dataset.state !== "closing") animateHeight(other, false, duration);
      }
    }
    animateHeight(details, !isOpen, duration);
  }

  return (
    <div ref={root} className={["accordion", className].filter(Boolean).join(" ")} data-multiple={allowMultiple || undefined}>
      {items.map((item) => (
        <details
          key={item.id}
          className="accordion__item"
          open={item.open}
          data-state={item.open ? "open" : "closed"}
          // the native exclusive group serves visitors without JavaScript; with it the animation
          // decides, so the browser must not close siblings on its own
          name={!allowMultiple && !hydrated ? group : undefined}
        >
          <summary className="accordion__summary" onClick={onSummaryClick}>
            <span className="accordion__title">{item.title}</span>
            <Icon name="chevron-down" className="accordion__icon" />
          </summary>
          <div className="accordion__panel">{item.content}</div>
        </details>
      ))}
    </div>
  );
}

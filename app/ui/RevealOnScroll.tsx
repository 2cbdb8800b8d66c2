// Reveal on scroll (docs/behaviour.md «Widgets and timing»): blocks fade up as they come within
// 120 px of the viewport bottom, in 400 ms. The server renders them visible; only in the browser,
// and only for blocks still below the fold, are they hidden until reached, so nothing is ever lost
// without JavaScript or on a slow script. An IntersectionObserver stands in for throttled (99 ms)
// scroll and debounced (50 ms) resize handlers: the browser does that work off the main thread.
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import "./RevealOnScroll.css";

export const REVEAL = { offset: 120, duration: 400, throttle: 99, debounce: 50 } as const;

type Phase = "static" | "pending" | "shown";

export function RevealOnScroll({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>("static");

  // before the first paint after hydration, so a block in view never blinks
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const top = el.getBoundingClientRect().top;
    if (top < window.innerHeight - REVEAL.offset) return; // already reached: stays as rendered
    setPhase("pending");
    const reveal = () => {
      setPhase("shown");
      observers.forEach((o) => o.disconnect());
    };
    const observers = [
      // reached: 120 px into the viewport, or scrolled past (a jump to an anchor below it)
      new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting || e.boundingClientRect.top < 0)) reveal();
        },
        { rootMargin: `0px 0px -${REVEAL.offset}px 0px` },
      ),
      // wholly in view: a short block at the very end of the page may never get 120 px in
      new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.intersectionRatio >= 0.99)) reveal();
        },
        { threshold: 0.99 },
      ),
    ];
    observers.forEach((o) => o.observe(el));
    return () => observers.forEach((o) => o.disconnect());
  }, []);

  return (
    <div ref={ref} className={["reveal", className].filter(Boolean).join(" ")} data-reveal={phase === "static" ? undefined : phase}>
      {children}
    </div>
  );
}

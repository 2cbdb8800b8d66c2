// Numbers marked <span data-counter="N"> inside shop-written HTML count up from 0 the first time
// they enter the viewport (docs/behaviour.md «Widgets and timing»: once, space thousands, 1.5 s, no
// easing), with react-countup. The server already printed the final numbers, so without JavaScript
// or under prefers-reduced-motion nothing moves and nothing is missing.
import { useEffect, useRef, useState, type RefObject } from "react";
import * as ReactCountUp from "react-countup";

// react-countup is CommonJS: depending on the bundler the hook sits on the module or on `default`.
type CountUpModule = typeof ReactCountUp;
const countUpModule = ((ReactCountUp as unknown as { default?: CountUpModule }).default ?? ReactCountUp) as CountUpModule;
const { useCountUp } = countUpModule;

export const COUNTER_DURATION_S = 1.5;
export const COUNTER_SEPARATOR = "\u00A0";

function CounterRun({ el, end }: { el: HTMLElement; end: number }) {
  const ref = useRef(el);
  useCountUp({ ref, start: 0, end, duration: COUNTER_DURATION_S, separator: COUNTER_SEPARATOR, useEasing: false, startOnMount: true });
  return null;
}

export function CountersOnView({ container, selector = "[data-counter]" }: { container: RefObject<HTMLElement | null>; selector?: string }) {
  const [running, setRunning] = useState<{ el: HTMLElement; end: number }[]>([]);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const els = Array.from(root.querySelectorAll<HTMLElement>(selector)).filter((el) => el.dataset.shown !== "true");
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches || typeof IntersectionObserver === "undefined") {
      for (const el of els) el.dataset.shown = "true";
      return;
    }
    const io = new IntersectionObserver((entries) => {
      const started: { el: HTMLElement; end: number }[] = [];
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        if (!entry.isIntersecting || el.dataset.shown === "true") continue;
        // marked shown at once: it animates one time only
        el.dataset.shown = "true";
        io.unobserve(el);
        const end = Number(el.dataset.counter);
        if (Number.isFinite(end)) started.push({ el, end });
      }
      if (started.length) setRunning((r) => [...r, ...started]);
    });
    for (const el of els) io.observe(el);
    return () => io.disconnect();
  }, [container, selector]);
  return (
    <>
      {running.map(({ el, end }, i) => (
        <CounterRun key={i} el={el} end={end} />
      ))}
    </>
  );
}

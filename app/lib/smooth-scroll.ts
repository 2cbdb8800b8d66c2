// Linear scroll animation (docs/behaviour.md «Every page»: scroll-to-top 500 ms, anchors 300 ms);
// instant when the visitor asks for reduced motion.
export const SCROLL_TOP_MS = 500;
export const ANCHOR_SCROLL_MS = 300;
export const ANCHOR_OFFSET = 90;

/** Menu anchors sit under a taller header on narrow screens. */
export function menuAnchorOffset(viewportWidth: number): number {
  return viewportWidth > 1023 ? 80 : 160;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Linear interpolation of the scroll position at time t (0..1). */
export function linearPosition(from: number, to: number, t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return from + (to - from) * clamped;
}

let running = 0;

export function animateScrollTo(targetY: number, durationMs: number): Promise<void> {
  const y = Math.max(0, Math.round(targetY));
  if (prefersReducedMotion() || durationMs <= 0) {
    window.scrollTo(0, y);
    return Promise.resolve();
  }
  const from = window.scrollY;
  const started = performance.now();
  const ticket = ++running; // a newer animation cancels this one
  return new Promise((resolve) => {
    const step = (now: number) => {
      if (ticket !== running) return resolve();
      const t = (now - started) / durationMs;
      window.scrollTo(0, linearPosition(from, y, t));
      if (t < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

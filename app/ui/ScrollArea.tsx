// Custom scrollbar (SimpleBar; docs/behaviour.md «Widgets and timing»): a thin bar that shows while
// the pointer is over the area (or it scrolls, or has focus) and hides 300 ms after the pointer
// leaves. SimpleBar 6 shows the bar only briefly on enter and has no timeout option, so
// ScrollArea.css does the timing. The native scroll box stays underneath: wheel, touch and keyboard
// scrolling work as usual, and the box is a focusable, named region for keyboard users.
import type { ReactNode } from "react";
import SimpleBar from "simplebar-react";
import "simplebar-react/dist/simplebar.min.css";
import "./ScrollArea.css";

export function ScrollArea({ label, maxHeight, children, className }: { label: string; maxHeight: number; children: ReactNode; className?: string }) {
  return (
    <SimpleBar autoHide ariaLabel={label} className={["scroll-area", className].filter(Boolean).join(" ")} style={{ maxHeight }}>
      {children}
    </SimpleBar>
  );
}

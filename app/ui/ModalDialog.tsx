// A modal on the native <dialog>: the browser gives the focus trap, Escape and the inert page.
// Rendered into <body> so a dialog opened from inside another one survives its closing.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Icon } from "./Icon.tsx";
import { useHydrated } from "./use-hydrated.ts";
import "./ModalDialog.css";

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
}

export function ModalDialog({ open, onClose, title, children, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const mounted = useHydrated();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open, mounted]);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // Escape, the close button (method="dialog") and closeOpenDialogs() all end here
    const handle = () => onCloseRef.current();
    // a click on the backdrop (the dialog box itself, outside its body) closes it; Escape is native
    const backdrop = (e: MouseEvent) => {
      if (e.target === d) d.close();
    };
    d.addEventListener("close", handle);
    d.addEventListener("click", backdrop);
    return () => {
      d.removeEventListener("close", handle);
      d.removeEventListener("click", backdrop);
    };
  }, [mounted]);

  if (!mounted) return null;
  return createPortal(
    <dialog
      ref={ref}
      className={["modal", className].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
    >
      <div className="modal__body">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
        <form method="dialog" className="modal__close-form">
          <button type="submit" className="icon-button modal__close">
            <Icon name="x" />
            <span className="visually-hidden">Закрыть</span>
          </button>
        </form>
      </div>
    </dialog>,
    document.body,
  );
}

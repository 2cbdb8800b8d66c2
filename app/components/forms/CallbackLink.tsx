// The header's «Обратный звонок»: a link to /contacts/#callback (works without JavaScript);
// with JavaScript a click opens the same form in a dialog instead. After a successful send the
// dialog closes and, once it is gone (SPEC: 450 ms), the thank-you dialog opens; both live here,
// because the form inside the first one unmounts with it.
import { useEffect, useRef, useState } from "react";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { SUCCESS_DIALOG_DELAY_MS } from "../../ui/dialogs.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { CALLBACK_TITLE, CallbackForm } from "./CallbackForm.tsx";
import { SuccessDialog } from "./SuccessDialog.tsx";

/**
 * `label`, `title` and `product` turn it into «Сообщить о поступлении» for a product made to
 * order: the same form, headed by the label, sending which product the call is about.
 */
export function CallbackLink({ className, label = CALLBACK_TITLE, product }: { className?: string; label?: string; product?: string }) {
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const hydrated = useHydrated();
  return (
    <>
      <a
        className={className}
        href="/contacts/#callback"
        aria-haspopup={hydrated ? "dialog" : undefined}
        data-enhanced={hydrated || undefined}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </a>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={label} className="callback-dialog">
        <CallbackForm
          inDialog
          product={product}
          onSent={() => {
            setOpen(false);
            timer.current = window.setTimeout(() => setThanks(true), SUCCESS_DIALOG_DELAY_MS);
          }}
        />
      </ModalDialog>
      <SuccessDialog open={thanks} onClose={() => setThanks(false)} />
    </>
  );
}

// The header's «Обратный звонок»: a link to /contacts/#callback (works without JavaScript);
// with JavaScript a click opens the same form in a dialog instead.
import { useState } from "react";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { CALLBACK_TITLE, CallbackForm } from "./CallbackForm.tsx";

export function CallbackLink({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  // the form stays mounted after the first opening, so its success dialog outlives the close
  const [used, setUsed] = useState(false);
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
          setUsed(true);
          setOpen(true);
        }}
      >
        {CALLBACK_TITLE}
      </a>
      {used ? (
        <ModalDialog open={open} onClose={() => setOpen(false)} title={CALLBACK_TITLE} className="callback-dialog">
          <CallbackForm inDialog />
        </ModalDialog>
      ) : null}
    </>
  );
}

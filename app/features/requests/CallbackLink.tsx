// The header's «Обратный звонок»: a link to /contacts/#callback (works without JavaScript);
// with JavaScript a click opens the same form in a dialog instead. The dialog's code (the form,
// Zod, the phone mask, React Aria's modal) is not part of the page: it is fetched when the
// visitor shows intent (pointer over the link, focus, a touch) and mounted on the click
// (decision 092); on a click before it arrived, the dialog opens as soon as it does.
import { lazy, Suspense, useState } from "react";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { CALLBACK_TITLE } from "./callback-title.ts";

const loadDialogs = () => import("./CallbackDialogs.tsx");
const CallbackDialogs = lazy(loadDialogs);

/** Starts fetching the dialog's code; the browser and React.lazy share the one request. */
function preload() {
  void loadDialogs();
}

/**
 * `label`, `title` and `product` turn it into «Сообщить о поступлении» for a product made to
 * order: the same form, headed by the label, sending which product the call is about.
 */
export function CallbackLink({ className, label = CALLBACK_TITLE, product }: { className?: string; label?: string; product?: string }) {
  const [open, setOpen] = useState(false);
  // mounted once asked for and kept, so the thank-you dialog outlives the form's dialog
  const [wanted, setWanted] = useState(false);
  const hydrated = useHydrated();
  return (
    <>
      <a
        className={className}
        href="/contacts/#callback"
        aria-haspopup={hydrated ? "dialog" : undefined}
        data-enhanced={hydrated || undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
      >
        {label}
      </a>
      {wanted ? (
        <Suspense fallback={null}>
          <CallbackDialogs open={open} onClose={() => setOpen(false)} title={label} product={product} />
        </Suspense>
      ) : null}
    </>
  );
}

// «Купить в 1 клик» on the product page and in the cart: a button in a GET form that opens the
// plain 1-click page without JavaScript; with JavaScript it opens the same form in a dialog,
// which then shows the new order's number in place of the form. The dialog's code (the form, its
// checks, the phone mask, React Aria's modal) is fetched on intent and mounted on the first press
// (decision 092), so a product page does not carry it until someone buys in one click.
import { lazy, Suspense, useState } from "react";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { ONE_CLICK_LABEL, ONE_CLICK_PATH } from "./one-click.ts";
import "./OneClick.css";

const loadDialog = () => import("./OneClickDialog.tsx");
const OneClickDialog = lazy(loadDialog);
const preload = () => void loadDialog();

export function OneClickButton({ className, product, variant }: { className?: string; product?: string; variant?: number }) {
  const [open, setOpen] = useState(false);
  const [placed, setPlaced] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const hydrated = useHydrated();
  return (
    <>
      <form
        method="get"
        action={ONE_CLICK_PATH}
        className={["one-click", className].filter(Boolean).join(" ")}
        onSubmit={(e) => {
          e.preventDefault();
          setPlaced(null);
          setWanted(true);
          setOpen(true);
        }}
        onPointerOver={preload}
        onFocus={preload}
        onTouchStart={preload}
      >
        {product ? <input type="hidden" name="product" value={product} /> : null}
        {product && variant ? <input type="hidden" name="v" value={variant} /> : null}
        <button type="submit" className="button one-click__open" aria-haspopup={hydrated ? "dialog" : undefined} data-enhanced={hydrated || undefined}>
          {ONE_CLICK_LABEL}
        </button>
      </form>
      {wanted ? (
        <Suspense fallback={null}>
          <OneClickDialog open={open} onClose={() => setOpen(false)} product={product} variant={variant} placed={placed} onPlaced={setPlaced} />
        </Suspense>
      ) : null}
    </>
  );
}

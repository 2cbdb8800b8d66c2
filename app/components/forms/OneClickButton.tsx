// «Купить в 1 клик» on the product page and in the cart: a button in a GET form that opens the
// plain 1-click page without JavaScript; with JavaScript it opens the same form in a dialog,
// which then shows the new order's number in place of the form.
import { useState } from "react";
import { Link } from "react-router";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { ONE_CLICK_LABEL, ONE_CLICK_PATH } from "../../lib/one-click.ts";
import { OneClickForm } from "./OneClickForm.tsx";
import "./OneClick.css";

export function OneClickButton({ className, product }: { className?: string; product?: string }) {
  const [open, setOpen] = useState(false);
  const [placed, setPlaced] = useState<string | null>(null);
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
          setOpen(true);
        }}
      >
        {product ? <input type="hidden" name="product" value={product} /> : null}
        <button type="submit" className="button one-click__open" aria-haspopup={hydrated ? "dialog" : undefined} data-enhanced={hydrated || undefined}>
          {ONE_CLICK_LABEL}
        </button>
      </form>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={placed ? "Заказ оформлен" : ONE_CLICK_LABEL} className="one-click-dialog">
        {placed ? <OneClickPlaced number={placed} /> : <OneClickForm inDialog product={product} onPlaced={setPlaced} />}
      </ModalDialog>
    </>
  );
}

/** The thanks with the order number, in the dialog after the order is placed. */
function OneClickPlaced({ number }: { number: string }) {
  return (
    <div className="one-click__placed" role="status">
      <p className="one-click__number">
        Номер заказа: <strong data-testid="one-click-number">{number}</strong>
      </p>
      <p>Менеджер позвонит, чтобы подтвердить заказ и договориться о доставке.</p>
      <Link to={`/order/${number}/`} className="button button--ghost">
        Открыть заказ
      </Link>
    </div>
  );
}

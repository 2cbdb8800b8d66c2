// The «Купить в 1 клик» dialog, loaded on demand by OneClickButton (React.lazy): the form, then the
// new order's number in its place.
import { Link } from "react-router";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { ONE_CLICK_LABEL } from "./one-click.ts";
import { OneClickForm } from "./OneClickForm.tsx";

interface Props {
  open: boolean;
  onClose: () => void;
  product?: string;
  variant?: number;
  /** the placed order's number, once the form went through */
  placed: string | null;
  onPlaced: (number: string) => void;
}

export default function OneClickDialog({ open, onClose, product, variant, placed, onPlaced }: Props) {
  return (
    <ModalDialog open={open} onClose={onClose} title={placed ? "Заказ оформлен" : ONE_CLICK_LABEL} className="one-click-dialog">
      {placed ? <OneClickPlaced number={placed} /> : <OneClickForm inDialog product={product} variant={variant} onPlaced={onPlaced} />}
    </ModalDialog>
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

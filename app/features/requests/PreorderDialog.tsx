// The pre-order dialog, loaded on demand by PreorderButton (React.lazy).
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { PreorderForm } from "./PreorderForm.tsx";

/** Open while there is a key: one per opening, posted with the form so a double press makes one order. */
export default function PreorderDialog({
  slug,
  variant,
  idempotencyKey,
  onClose,
}: {
  slug: string;
  variant?: number;
  idempotencyKey: string | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={idempotencyKey !== null} onClose={onClose} title="Оформить предзаказ" className="preorder-dialog">
      {idempotencyKey ? <PreorderForm slug={slug} variant={variant} idempotencyKey={idempotencyKey} /> : null}
    </ModalDialog>
  );
}

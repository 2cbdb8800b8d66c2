// The «Сообщить о поступлении» dialog, loaded on demand by StockNoticeButton (React.lazy).
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { StockNoticeForm } from "./StockNoticeForm.tsx";

export default function StockNoticeDialog({
  slug,
  variant,
  title,
  open,
  onClose,
}: {
  slug: string;
  variant?: number;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Сообщить о поступлении" className="stock-notice-dialog">
      <StockNoticeForm slug={slug} variant={variant} title={title} />
    </ModalDialog>
  );
}

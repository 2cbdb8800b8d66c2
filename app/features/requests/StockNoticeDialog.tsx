// The «Сообщить о поступлении» dialog, loaded on demand by StockNoticeButton (React.lazy).
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { StockNoticeForm } from "./StockNoticeForm.tsx";

export default function StockNoticeDialog({ slug, title, open, onClose }: { slug: string; title: string; open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Сообщить о поступлении" className="stock-notice-dialog">
      <StockNoticeForm slug={slug} title={title} />
    </ModalDialog>
  );
}

// «Сообщить о поступлении» on a product out of stock: without JavaScript a link to /stock-notice/<slug>/
// (the form on its own page); with JavaScript a button that opens the same form in a dialog.
import { useState } from "react";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { StockNoticeForm } from "./StockNoticeForm.tsx";

export function StockNoticeButton({ slug, title, className }: { slug: string; title: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <>
      {hydrated ? (
        // with JavaScript it opens a dialog, so it is a button; without, a link to the form's own page
        <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          Сообщить о поступлении
        </button>
      ) : (
        <a className={className} href={`/stock-notice/${slug}/`}>
          Сообщить о поступлении
        </a>
      )}
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Сообщить о поступлении" className="stock-notice-dialog">
        <StockNoticeForm slug={slug} title={title} />
      </ModalDialog>
    </>
  );
}

// «Сообщить о поступлении» on a product out of stock: without JavaScript a link to /stock-notice/<slug>/
// (the form on its own page); with JavaScript a button that opens the same form in a dialog. The
// dialog's code is fetched on intent and mounted on the first press (decision 092).
import { lazy, Suspense, useState } from "react";
import { DialogOpener } from "../../ui/DialogOpener.tsx";

const loadDialog = () => import("./StockNoticeDialog.tsx");
const StockNoticeDialog = lazy(loadDialog);
const preload = () => void loadDialog();

export function StockNoticeButton({ slug, variant, title, className }: { slug: string; variant?: number; title: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <DialogOpener
        href={`/stock-notice/${slug}/${variant ? `?v=${variant}` : ""}`}
        className={className}
        onIntent={preload}
        onOpen={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Сообщить о поступлении
      </DialogOpener>
      {wanted ? (
        <Suspense fallback={null}>
          <StockNoticeDialog slug={slug} variant={variant} title={title} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

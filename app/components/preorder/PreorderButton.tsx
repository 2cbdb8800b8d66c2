// «Оформить предзаказ» on a product out of stock: without JavaScript a link to /preorder/<slug>/ (the
// whole form on its own page); with JavaScript a button that opens the same form in a dialog.
import { useState } from "react";
import { randomKey } from "../../lib/random-key.ts";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { PreorderForm } from "./PreorderForm.tsx";

export function PreorderButton({ slug, className }: { slug: string; className?: string }) {
  // a key per opening: the form inside posts it, so a double press makes one order
  const [key, setKey] = useState<string | null>(null);
  const hydrated = useHydrated();
  return (
    <>
      {hydrated ? (
        // with JavaScript it opens a dialog, so it is a button; without, a link to the form's own page
        <button type="button" className={className} aria-haspopup="dialog" onClick={() => setKey(randomKey())}>
          Оформить предзаказ
        </button>
      ) : (
        <a className={className} href={`/preorder/${slug}/`}>
          Оформить предзаказ
        </a>
      )}
      <ModalDialog open={key !== null} onClose={() => setKey(null)} title="Оформить предзаказ" className="preorder-dialog">
        {key ? <PreorderForm slug={slug} idempotencyKey={key} /> : null}
      </ModalDialog>
    </>
  );
}

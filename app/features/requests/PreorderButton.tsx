// «Оформить предзаказ» on a product out of stock: without JavaScript a link to /preorder/<slug>/ (the
// whole form on its own page); with JavaScript a button that opens the same form in a dialog. The
// dialog's code is fetched on intent and mounted on the first press (decision 092).
import { lazy, Suspense, useState } from "react";
import { randomKey } from "../../lib/random-key.ts";
import { DialogOpener } from "../../ui/DialogOpener.tsx";

const loadDialog = () => import("./PreorderDialog.tsx");
const PreorderDialog = lazy(loadDialog);
const preload = () => void loadDialog();

export function PreorderButton({ slug, variant, className }: { slug: string; variant?: number; className?: string }) {
  // a key per opening: the form inside posts it, so a double press makes one order
  const [key, setKey] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <DialogOpener
        href={`/preorder/${slug}/${variant ? `?v=${variant}` : ""}`}
        className={className}
        onIntent={preload}
        onOpen={() => {
          setWanted(true);
          setKey(randomKey());
        }}
      >
        Оформить предзаказ
      </DialogOpener>
      {wanted ? (
        <Suspense fallback={null}>
          <PreorderDialog slug={slug} variant={variant} idempotencyKey={key} onClose={() => setKey(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

import type { CartLineView } from "./cart-types.ts";

/** The hidden fields that name a cart line in a plain form post: product, its variant, kind and set items. */
export function CartLineFields({ line, back }: { line: CartLineView; back: string }) {
  return (
    <>
      <input type="hidden" name="id" value={line.productId} />
      <input type="hidden" name="variant" value={line.variantId} />
      <input type="hidden" name="type" value={line.kind} />
      {line.items.map((i) => (
        <input key={i.id} type="hidden" name="item" value={i.id} />
      ))}
      <input type="hidden" name="back" value={back} />
    </>
  );
}

/** The JSON body of the same change. */
export function cartLineBody(line: CartLineView, cnt: number) {
  return { id: line.productId, variant: line.variantId, type: line.kind, cnt, ...(line.kind === "set" ? { items: line.items.map((i) => i.id) } : {}) };
}

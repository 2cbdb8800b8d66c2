import type { ProductKind } from "../../db/schema.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useAddToCart } from "./use-add-to-cart.ts";

interface Props {
  product: { id: number; kind: ProductKind };
  /** where a plain form post comes back to (the page the button is on) */
  back: string;
  /** the form's and the button's classes where they sit (card, list row, comparison cell) */
  formClassName?: string;
  buttonClassName: string;
  iconSize?: number;
  /** the product title's id, so «В корзину» is announced with what goes into the cart */
  describedBy?: string;
}

/**
 * «В корзину» for one unit of a product: a plain form that posts and comes back without
 * JavaScript; with it, the shared add-to-cart fetcher (the header count and the informer update
 * in place).
 */
export function AddToCartButton({ product, back, formClassName, buttonClassName, iconSize = 18, describedBy }: Props) {
  const cart = useAddToCart();
  return (
    <form
      method="post"
      action={`/cart/${product.kind}/`}
      className={formClassName}
      onSubmit={(e) => {
        e.preventDefault();
        cart.add({ id: product.id, type: product.kind, cnt: 1 });
      }}
    >
      <input type="hidden" name="id" value={product.id} />
      <input type="hidden" name="type" value={product.kind} />
      <input type="hidden" name="cnt" value="1" />
      <input type="hidden" name="mode" value="add" />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={buttonClassName} aria-describedby={describedBy}>
        <Icon name="shopping-cart" size={iconSize} /> В корзину
      </button>
    </form>
  );
}

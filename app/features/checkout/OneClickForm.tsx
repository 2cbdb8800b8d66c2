import { NAME_MAX } from "../../lib/form-fields.ts";
import { checkOneClick, ONE_CLICK_ENDPOINT, ONE_CLICK_LABEL, oneClickHref } from "./one-click.ts";
import { AjaxForm, type FormInitial, ConsentField, PhoneField, TextField } from "../requests/components.ts";

const FIELDS = ["name", "phone", "consent"] as const;

/**
 * «Купить в 1 клик»: name, phone and consent. Without JavaScript a plain post to the 1-click page;
 * with it the same fields go to the JSON endpoint, and `onPlaced` gets the new order's number.
 */
export function OneClickForm({
  product,
  variant,
  initial,
  inDialog,
  onPlaced,
}: {
  /** the product's slug; none: the cart's available lines */
  product?: string;
  /** the chosen variant of that product (decision 108) */
  variant?: number;
  initial?: FormInitial;
  inDialog?: boolean;
  onPlaced?: (orderNumber: string) => void;
}) {
  return (
    <AjaxForm
      form="one-click"
      endpoint={ONE_CLICK_ENDPOINT}
      check={checkOneClick}
      action={oneClickHref(product, variant)}
      title={ONE_CLICK_LABEL}
      headingLevel={inDialog ? 3 : 2}
      titleHidden
      submitLabel="Оформить заказ"
      fields={FIELDS}
      initial={initial}
      onSent={onPlaced ? (answer) => onPlaced(answer.number ?? "") : undefined}
      intro={<p className="form__intro">Оставьте имя и телефон — менеджер позвонит, подтвердит заказ и договорится о доставке.</p>}
    >
      {product ? <input type="hidden" name="product" value={product} /> : null}
      {product && variant ? <input type="hidden" name="v" value={variant} /> : null}
      <TextField name="name" label="Имя" required autoComplete="name" maxLength={NAME_MAX} />
      <PhoneField required />
      <ConsentField />
    </AjaxForm>
  );
}

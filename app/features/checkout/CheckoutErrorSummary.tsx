import type { Ref } from "react";
import { Link } from "react-router";
import { blockingLineText, type BlockingLine } from "../cart/index.ts";
import type { FieldErrors } from "../../lib/form-fields.ts";

/** The checkout's fields in the form's order, with the id of the control a summary link leads to. */
const FIELDS: { name: string; label: string; id: string }[] = [
  { name: "name", label: "Имя", id: "checkout-name" },
  { name: "phone", label: "Телефон", id: "checkout-phone" },
  { name: "email", label: "Электронная почта", id: "checkout-email" },
  { name: "delivery", label: "Способ получения", id: "checkout-delivery" },
  { name: "pickupPoint", label: "Пункт самовывоза", id: "checkout-pickupPoint" },
  { name: "address", label: "Адрес доставки", id: "checkout-address" },
  { name: "floor", label: "Этаж", id: "checkout-floor" },
  { name: "lift", label: "Лифт", id: "checkout-lift" },
  { name: "date", label: "Дата", id: "checkout-date" },
  { name: "time", label: "Время", id: "checkout-time" },
  { name: "comment", label: "Комментарий", id: "checkout-comment" },
  { name: "consent", label: "Согласие", id: "checkout-consent" },
];

interface Props {
  errors: FieldErrors;
  /** a refusal that is not about one field (the stock, an emptied cart) */
  formError?: string;
  /** the cart lines the stock no longer covers */
  blocking: BlockingLine[];
  /** a link was followed: the form moves the focus to that field */
  onJump: (name: string) => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * What stops the order, right at «Оформить заказ»: on a phone the fields in error are far above
 * the button, so pressing it must visibly answer here. It names the fields (their messages stay
 * under the fields, said once) and links to each; without JavaScript the links still scroll to
 * it. An alert, so it is announced when it appears.
 */
export function CheckoutErrorSummary({ errors, formError, blocking, onJump, ref }: Props) {
  const known = new Set(FIELDS.map((f) => f.name));
  const fieldItems = FIELDS.filter((f) => errors[f.name]);
  const otherItems = Object.entries(errors).filter(([name]) => !known.has(name));
  const empty = !fieldItems.length && !otherItems.length && !formError && !blocking.length;
  return (
    <div ref={ref} className="checkout__error-summary" role="alert" tabIndex={-1} hidden={empty} data-testid="checkout-error-summary">
      {empty ? null : (
        <>
          <p className="checkout__error-summary-title">{formError ?? "Заказ не оформлен: исправьте отмеченные поля"}</p>
          <ul>
            {blocking.map((line, i) => (
              <li key={`line-${i}`}>{blockingLineText(line)}</li>
            ))}
            {fieldItems.map((f) => (
              <li key={f.name}>
                <a
                  href={`#${f.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    onJump(f.name);
                  }}
                >
                  {f.label}
                </a>
              </li>
            ))}
            {otherItems.map(([name, message]) => (
              <li key={name}>{message}</li>
            ))}
          </ul>
          {blocking.length ? (
            <p className="checkout__error-summary-action">
              <Link to="/cart/">Изменить корзину</Link>: удалите эти товары или уменьшите количество.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

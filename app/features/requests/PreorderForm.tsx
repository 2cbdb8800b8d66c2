// «Оформить предзаказ»: name, phone (the shared mask), e-mail, quantity and consent. A fetcher form:
// without JavaScript it is a plain post to /preorder/<slug>/ (that page shows the errors again);
// with it the answer comes back in place and a success follows the redirect to the order page.
import { NAME_MAX, type FieldErrors } from "../../lib/form-fields.ts";
import { PREORDER_MAX_QTY } from "./preorder-form.ts";
import { FormGroup } from "../../ui/FormGroup.tsx";
import { PhoneInput } from "../../ui/PhoneInput.tsx";
import { ConsentCheck } from "./ConsentCheck.tsx";
import { useFormAnswer } from "./use-form-answer.ts";
import "./Forms.css";
import "./preorder.css";

export interface PreorderAnswer {
  errors: FieldErrors;
  values: Record<string, string>;
  /** a refusal about the whole pre-order (the product came back in stock) */
  formError?: string;
}

export function PreorderForm({
  slug,
  variant,
  idempotencyKey,
  initial,
}: {
  slug: string;
  /** the product page's chosen variant (decision 108); none: the model's only one */
  variant?: number;
  idempotencyKey: string;
  initial?: PreorderAnswer;
}) {
  // after a refusal the first field with a mistake (or the message) takes the focus
  const { fetcher, answer, errors, values, ref, busy } = useFormAnswer(initial, "[aria-invalid='true'], .form__alert");
  const id = `preorder-${slug}`;
  return (
    <fetcher.Form
      ref={ref}
      method="post"
      action={`/preorder/${slug}/`}
      className="form preorder-form"
      noValidate
      aria-label="Оформить предзаказ"
      onSubmit={(e) => {
        // one pre-order per press: a second press while the first is on its way does nothing
        if (busy) e.preventDefault();
      }}
    >
      <p className="form__intro">Менеджер позвонит, подтвердит срок и цену. Оплата — когда товар поступит.</p>
      <input type="hidden" name="idempotencyKey" value={values.idempotencyKey || idempotencyKey} />
      {variant ? <input type="hidden" name="variant" value={variant} /> : null}
      <FormGroup id={`${id}-name`} label="Имя" error={errors.name} required>
        {(control) => <input {...control} name="name" autoComplete="name" maxLength={NAME_MAX} defaultValue={values.name} />}
      </FormGroup>
      <FormGroup id={`${id}-phone`} label="Телефон" error={errors.phone} required>
        {(control) => <PhoneInput {...control} name="phone" defaultValue={values.phone} />}
      </FormGroup>
      <FormGroup id={`${id}-email`} label="E-mail" error={errors.email} hint="Необязательно: пришлём номер заказа">
        {(control) => <input {...control} name="email" type="email" autoComplete="email" defaultValue={values.email} />}
      </FormGroup>
      <FormGroup id={`${id}-qty`} label="Количество" error={errors.qty}>
        {(control) => <input {...control} name="qty" inputMode="numeric" maxLength={String(PREORDER_MAX_QTY).length} defaultValue={values.qty ?? "1"} />}
      </FormGroup>
      <ConsentCheck id={`${id}-consent`} error={errors.consent ?? errors.consentVersion} checked={values.consent === "on"} />
      {answer?.formError || errors.idempotencyKey ? (
        <p className="form__alert" role="alert" tabIndex={-1}>
          {answer?.formError ?? errors.idempotencyKey}
        </p>
      ) : null}
      <button type="submit" className="button button--action form__submit" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        Оформить предзаказ
      </button>
    </fetcher.Form>
  );
}

import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { CartLineView, CartTotals } from "../cart/index.ts";
import { blockingLineText, type BlockingLine } from "../cart/index.ts";
import { CONSENT_TEXTS, CURRENT_CONSENT_VERSION } from "../../lib/consent.ts";
import { isOrderable, quoteDelivery, type DeliveryType, type LiftTariffs, type LiftType } from "../delivery/index.ts";
import { PhoneInput } from "../../ui/PhoneInput.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { focusFirstError, useFieldChecks } from "../../ui/use-field-checks.ts";
import { parseCheckout } from "./checkout-schema.ts";
import type { FieldErrors } from "../../lib/form-fields.ts";
import { FormGroup } from "../../ui/FormGroup.tsx";
import { CheckoutErrorSummary } from "./CheckoutErrorSummary.tsx";
import { DeliveryFields } from "./DeliveryFields.tsx";
import { OrderSummary } from "./OrderSummary.tsx";
import { PaymentChoice } from "./PaymentChoice.tsx";
import "./Checkout.css";

interface Props {
  lines: CartLineView[];
  totals: CartTotals;
  /** the promo code applied in the cart and what it takes off the goods */
  promo?: { code: string; discount: number } | null;
  /** why the code kept for this cart gives nothing now */
  promoNote?: string | null;
  pickupPoints: { id: number; title: string; address: string }[];
  dateRange: { min: string; max: string };
  /** the shop's lifting tariffs, so the sum here is the one the order will carry */
  liftTariffs: LiftTariffs;
  idempotencyKey: string;
  values: Record<string, string>;
  /** the server's answer to the last post */
  errors?: FieldErrors;
  formError?: string;
  /** the lines that stopped the last post */
  blocking?: BlockingLine[];
  /** a payment gateway is configured: «Оплата онлайн» is offered */
  onlinePayment: boolean;
}

/**
 * The checkout form: a plain POST that works without JavaScript; with it, the order summary
 * follows the delivery choice (lifting cost shown before confirming), the submit waits for the
 * consent tick, and a double click sends once (the idempotency key guards retries as well).
 */
/**
 * The browser's check: the server's schema, except the delivery date, which only the server's
 * clock decides (a visitor's clock may be off by a day).
 */
function checkCheckout(values: Record<string, string>): FieldErrors {
  const { date: _date, ...errors } = parseCheckout(values).errors ?? {};
  return errors;
}

export function CheckoutForm({
  lines,
  totals,
  promo = null,
  promoNote = null,
  pickupPoints,
  dateRange,
  liftTariffs,
  idempotencyKey,
  values,
  errors: serverErrors,
  formError,
  blocking = [],
  onlinePayment,
}: Props) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [consent, setConsent] = useState(values.consent === "on");
  const [delivery, setDelivery] = useState<DeliveryType>((values.delivery as DeliveryType) || "courier");
  const [floor, setFloor] = useState(Number(values.floor) || 1);
  const [lift, setLift] = useState<LiftType>((values.lift as LiftType) || "none");
  const quote = quoteDelivery({
    type: delivery,
    itemsTotal: totals.sum,
    weightGrams: totals.weight,
    floor,
    lift,
    tariffs: liftTariffs,
    weightKnown: totals.unweighed.length === 0,
  });
  // checks on blur and while correcting; a refused submit (here or by the server) takes the
  // visitor to the first field that needs attention
  const { errors, tried, formProps } = useFieldChecks(checkCheckout, serverErrors);
  // lines in the cart that the stock does not cover: they stop the order until the cart is changed
  const unavailable = lines.filter((l) => !isOrderable(l));
  const summary = useRef<HTMLDivElement>(null);
  // a refusal about no field (the stock) puts the focus on the summary at the button, so the
  // visitor sees the answer where they pressed; field errors take it to the first field instead
  useEffect(() => {
    if (formError && !(serverErrors && Object.keys(serverErrors).length)) summary.current?.focus();
  }, [formError, serverErrors]);

  return (
    <div className="checkout">
      <Form
        method="post"
        className="checkout__form"
        {...formProps}
        onChange={(e) => {
          const data = new FormData(e.currentTarget);
          setDelivery((data.get("delivery") as DeliveryType) || "courier");
          setFloor(Number(data.get("floor")) || 1);
          setLift((data.get("lift") as LiftType) || "none");
          setConsent(data.get("consent") === "on");
        }}
        onSubmit={(e) => {
          if (sending) e.preventDefault();
          else formProps.onSubmit(e);
        }}
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="consentVersion" value={CURRENT_CONSENT_VERSION} />
        {/* (after a refused submit the summary at the button names them instead) */}
        {unavailable.length && !blocking.length ? (
          <div className="checkout__form-error" data-testid="checkout-blocked">
            <p>Сейчас заказ не оформить: этих товаров нет в нужном количестве.</p>
            <ul>
              {unavailable.map((l) => (
                <li key={l.id}>{blockingLineText({ title: l.title, qty: l.qty, inStock: l.inStock })}</li>
              ))}
            </ul>
            <p>
              <Link to="/cart/">Вернуться в корзину</Link>, чтобы удалить их или уменьшить количество.
            </p>
          </div>
        ) : null}
        <h2>Покупатель</h2>
        <FormGroup id="checkout-name" label="Имя" error={errors.name}>
          {(p) => <input {...p} name="name" autoComplete="name" maxLength={100} defaultValue={values.name ?? ""} />}
        </FormGroup>
        <FormGroup id="checkout-phone" label="Телефон" error={errors.phone}>
          {(p) => <PhoneInput {...p} name="phone" autoComplete="tel" defaultValue={values.phone ?? ""} />}
        </FormGroup>
        <FormGroup id="checkout-email" label="Электронная почта (необязательно)" error={errors.email} hint="Пришлём подтверждение заказа">
          {(p) => <input {...p} name="email" type="email" autoComplete="email" maxLength={200} defaultValue={values.email ?? ""} />}
        </FormGroup>

        <h2>Получение</h2>
        <DeliveryFields values={values} errors={errors} pickupPoints={pickupPoints} dateRange={dateRange} delivery={delivery} unweighed={totals.unweighed} />

        <FormGroup id="checkout-comment" label="Комментарий к заказу" error={errors.comment}>
          {(p) => <textarea {...p} name="comment" rows={3} maxLength={1000} defaultValue={values.comment ?? ""} />}
        </FormGroup>

        <PaymentChoice onlineAvailable={onlinePayment} value={values.payment} />

        <div className={`checkout__consent${errors.consent ? " form-group--error" : ""}`}>
          <label>
            <input
              id="checkout-consent"
              type="checkbox"
              name="consent"
              value="on"
              defaultChecked={values.consent === "on"}
              aria-describedby={errors.consent ? "checkout-consent-error" : undefined}
            />
            {CONSENT_TEXTS[CURRENT_CONSENT_VERSION]}
          </label>
          {errors.consent ? (
            <p id="checkout-consent-error" className="form-group__error">
              {errors.consent}
            </p>
          ) : null}
        </div>
        <CheckoutErrorSummary
          ref={summary}
          errors={tried ? errors : {}}
          formError={formError}
          blocking={blocking}
          onJump={(name) => {
            if (formProps.ref.current) focusFirstError(formProps.ref.current, { [name]: "jump" });
          }}
        />
        <button type="submit" className="button button--action checkout__submit" disabled={(hydrated && !consent) || sending} aria-busy={sending}>
          Оформить заказ
        </button>
      </Form>
      <OrderSummary lines={lines.filter(isOrderable)} totals={totals} promo={promo} promoNote={promoNote} quote={quote} delivery={delivery} />
    </div>
  );
}

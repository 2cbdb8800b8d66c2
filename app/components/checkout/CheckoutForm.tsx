import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { CartLineView, CartTotals } from "../../domain/cart-types.ts";
import { CONSENT_TEXTS, CURRENT_CONSENT_VERSION } from "../../lib/consent.ts";
import { quoteDelivery, type DeliveryType, type LiftType } from "../../lib/delivery-pricing.ts";
import { PhoneInput } from "../../ui/PhoneInput.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { CheckoutField } from "./CheckoutField.tsx";
import { DeliveryFields } from "./DeliveryFields.tsx";
import { OrderSummary } from "./OrderSummary.tsx";
import "./Checkout.css";

interface Props {
  lines: CartLineView[];
  totals: CartTotals;
  pickupPoints: { id: number; title: string; address: string }[];
  dateRange: { min: string; max: string };
  idempotencyKey: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
}

/**
 * The checkout form: a plain POST that works without JavaScript; with it, the order summary
 * follows the delivery choice (lifting cost shown before confirming), the submit waits for the
 * consent tick, and a double click sends once (the idempotency key guards retries as well).
 */
export function CheckoutForm({ lines, totals, pickupPoints, dateRange, idempotencyKey, values, errors, formError }: Props) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [consent, setConsent] = useState(values.consent === "on");
  const [delivery, setDelivery] = useState<DeliveryType>((values.delivery as DeliveryType) || "courier");
  const [floor, setFloor] = useState(Number(values.floor) || 1);
  const [lift, setLift] = useState<LiftType>((values.lift as LiftType) || "none");
  const quote = quoteDelivery({ type: delivery, itemsTotal: totals.sum, weightGrams: totals.weight, floor, lift });
  const form = useRef<HTMLFormElement>(null);

  // after a refused submit, take the visitor to the first field that needs attention
  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [errors]);

  return (
    <div className="checkout">
      <Form
        method="post"
        ref={form}
        className="checkout__form"
        noValidate
        onChange={(e) => {
          const data = new FormData(e.currentTarget);
          setDelivery((data.get("delivery") as DeliveryType) || "courier");
          setFloor(Number(data.get("floor")) || 1);
          setLift((data.get("lift") as LiftType) || "none");
          setConsent(data.get("consent") === "on");
        }}
        onSubmit={(e) => {
          if (sending) e.preventDefault();
        }}
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="consentVersion" value={CURRENT_CONSENT_VERSION} />
        {formError ? (
          <p className="checkout__form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <h2>Покупатель</h2>
        <CheckoutField name="name" label="Имя" error={errors.name}>
          {(p) => <input {...p} name="name" autoComplete="name" maxLength={100} defaultValue={values.name ?? ""} />}
        </CheckoutField>
        <CheckoutField name="phone" label="Телефон" error={errors.phone}>
          {(p) => <PhoneInput {...p} name="phone" autoComplete="tel" defaultValue={values.phone ?? ""} />}
        </CheckoutField>
        <CheckoutField name="email" label="Электронная почта (необязательно)" error={errors.email} hint="Пришлём подтверждение заказа">
          {(p) => <input {...p} name="email" type="email" autoComplete="email" maxLength={200} defaultValue={values.email ?? ""} />}
        </CheckoutField>

        <h2>Получение</h2>
        <DeliveryFields values={values} errors={errors} pickupPoints={pickupPoints} dateRange={dateRange} delivery={delivery} />

        <CheckoutField name="comment" label="Комментарий к заказу" error={errors.comment}>
          {(p) => <textarea {...p} name="comment" rows={3} maxLength={1000} defaultValue={values.comment ?? ""} />}
        </CheckoutField>

        <div className={`checkout__consent${errors.consent ? " form-group--error" : ""}`}>
          <label>
            <input
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
        <button type="submit" className="button button--action checkout__submit" disabled={(hydrated && !consent) || sending} aria-busy={sending}>
          Оформить заказ
        </button>
      </Form>
      <OrderSummary lines={lines} totals={totals} quote={quote} delivery={delivery} />
    </div>
  );
}

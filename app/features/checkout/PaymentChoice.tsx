import type { PaymentMethod } from "../payments/index.ts";

const LABELS: Record<PaymentMethod, string> = {
  online: "Оплата онлайн",
  on_receipt: "Оплата при получении",
};

/**
 * «Оплата онлайн» / «Оплата при получении». Without a configured gateway only payment on
 * receipt is offered (still as a radio, so the form always says how the order is paid).
 */
export function PaymentChoice({ onlineAvailable, value }: { onlineAvailable: boolean; value: string | undefined }) {
  const methods: PaymentMethod[] = onlineAvailable ? ["online", "on_receipt"] : ["on_receipt"];
  const chosen = methods.includes(value as PaymentMethod) ? value : "on_receipt";
  return (
    <fieldset className="checkout__fieldset">
      <legend className="checkout__legend">Оплата</legend>
      <div className="checkout__options">
        {methods.map((m) => (
          <label key={m} className="checkout__option">
            <input type="radio" name="payment" value={m} defaultChecked={chosen === m} />
            <span>
              {LABELS[m]}
              {m === "online" ? <span className="checkout__option-hint">Картой, через СБП или ЮMoney на странице ЮKassa</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

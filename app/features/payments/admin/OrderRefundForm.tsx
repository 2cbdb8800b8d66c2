import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import type { PaidLine, PaidPayment } from "../payment-types.ts";
import { formatPrice } from "../../../lib/format.ts";
import { parseRoubles } from "../payment-amount.ts";

/** a refund the server priced, waiting for the manager's confirmation */
export interface RefundReview {
  lines: { key: string; title: string; qty: number; amount: number }[];
  amount: number;
  /** the sum in words, «двенадцать тысяч рублей 00 копеек» */
  words: string;
}

const fieldName = (key: string) => `refund-${key}`;
const left = (l: PaidLine) => l.qty - l.returned;

/** What the typed units and goodwill come to: the first not-yet-returned units of each line go back first. */
function totalOf(lines: readonly PaidLine[], values: Record<string, string>): number {
  let sum = 0;
  for (const l of lines) {
    const text = values[fieldName(l.key)] ?? "";
    const n = /^\d{1,3}$/.test(text) ? Math.min(Number(text), left(l)) : 0;
    sum += l.unitPrices.slice(0, n).reduce((a, b) => a + b, 0);
  }
  return sum + (parseRoubles(values.goodwill ?? "") ?? 0);
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="form-group__error">
      {message}
    </p>
  ) : null;
}

/**
 * The refund (decision 101): per sold line the units to return (0 … sold − returned), delivery and
 * lifting as checkboxes, an optional goodwill sum with its reason; the sum follows from them
 * (recounted as the manager types, and by the server). Nothing is filled in with the whole
 * payment. «Вернуть деньги…» asks for confirmation first — a second step with the lines and the
 * sum in words, a plain form post that works without JavaScript.
 */
export function OrderRefundForm({
  paid,
  values,
  error,
  review,
}: {
  paid: PaidPayment;
  values: Record<string, string>;
  error?: { field: string; message: string };
  review: RefundReview | null;
}) {
  const [typed, setTyped] = useState(values);
  const errorAt = (field: string) => (error?.field === field ? error.message : undefined);
  const hidden = Object.entries(values).filter(([name]) => name !== "refundNo");

  if (review)
    return (
      <Form method="post" className="order-form order-refund" aria-labelledby="order-refund-confirm-title">
        <h3 id="order-refund-confirm-title">Подтвердите возврат</h3>
        <ul>
          {review.lines.map((l) => (
            <li key={l.key}>
              {l.qty > 1 ? `${l.title} × ${l.qty}` : l.title} — {formatPrice(l.amount)}
            </li>
          ))}
        </ul>
        <p>
          К возврату: <strong>{formatPrice(review.amount)}</strong> ({review.words}). Покупатель получит чек возврата с этими позициями.
        </p>
        {hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="refundNo" value={paid.nextRefund} />
        <div className="order-refund__actions">
          <button type="submit" name="intent" value="refund" className="button">
            {`Подтвердить возврат ${formatPrice(review.amount)}`}
          </button>
          <button type="submit" name="intent" value="refund-edit" className="button button--ghost">
            Изменить
          </button>
        </div>
      </Form>
    );

  const lines = (paid.lines ?? []).filter((l) => left(l) > 0);
  const onInput = (e: FormEvent<HTMLFormElement>) => {
    const next: Record<string, string> = {};
    new FormData(e.currentTarget).forEach((v, k) => {
      if (typeof v === "string") next[k] = v;
    });
    setTyped(next);
  };
  return (
    <Form method="post" className="order-form order-refund" id="order-refund" aria-labelledby="order-refund-title" onInput={onInput}>
      <h3 id="order-refund-title">Возврат денег</h3>
      <input type="hidden" name="refundNo" value={paid.nextRefund} />
      {paid.lines === null ? (
        <p>Состав заказа изменился после оплаты: возврат товаров оформите в личном кабинете ЮKassa. Здесь можно вернуть компенсацию.</p>
      ) : null}
      {error && error.field === "refundLines" ? (
        <p className="form-group__error" role="alert">
          {error.message}
        </p>
      ) : null}
      {lines.map((l) => {
        const name = fieldName(l.key);
        const id = `order-refund-${l.key.replace(":", "-")}`;
        const message = errorAt(name);
        if (l.subject === "service")
          return (
            <div key={l.key} className={`form-group${message ? " form-group--error" : ""}`}>
              <label className="form-check">
                <input type="checkbox" name={name} value="1" defaultChecked={values[name] === "1"} aria-describedby={message ? `${id}-error` : undefined} />{" "}
                {`${l.title} — ${formatPrice(l.unitPrices[0] ?? 0)}`}
              </label>
              <FieldError id={`${id}-error`} message={message} />
            </div>
          );
        return (
          <div key={l.key} className={`form-group${message ? " form-group--error" : ""}`}>
            <label className="form-group__label" htmlFor={id}>
              {`${l.title}, вернуть шт.`}
            </label>
            <input
              id={id}
              className="form-control"
              name={name}
              type="number"
              min={0}
              max={left(l)}
              step={1}
              inputMode="numeric"
              defaultValue={values[name] ?? "0"}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : `${id}-hint`}
            />
            {message ? (
              <FieldError id={`${id}-error`} message={message} />
            ) : (
              <p id={`${id}-hint`} className="form-group__hint">
                {`Можно от 0 до ${left(l)} шт., ${formatPrice(l.unitPrices[0] ?? 0)} за шт.${l.returned ? `; уже возвращено ${l.returned}` : ""}`}
              </p>
            )}
          </div>
        );
      })}
      <div className={`form-group${errorAt("goodwill") ? " form-group--error" : ""}`}>
        <label className="form-group__label" htmlFor="order-refund-goodwill">
          Компенсация, ₽ (необязательно)
        </label>
        <input
          id="order-refund-goodwill"
          className="form-control"
          name="goodwill"
          inputMode="decimal"
          defaultValue={values.goodwill ?? ""}
          aria-invalid={errorAt("goodwill") ? true : undefined}
          aria-describedby={errorAt("goodwill") ? "order-refund-goodwill-error" : undefined}
        />
        <FieldError id="order-refund-goodwill-error" message={errorAt("goodwill")} />
      </div>
      <div className={`form-group${errorAt("goodwillReason") ? " form-group--error" : ""}`}>
        <label className="form-group__label" htmlFor="order-refund-reason">
          За что компенсация
        </label>
        <input
          id="order-refund-reason"
          className="form-control"
          name="goodwillReason"
          maxLength={100}
          defaultValue={values.goodwillReason ?? ""}
          aria-invalid={errorAt("goodwillReason") ? true : undefined}
          aria-describedby={errorAt("goodwillReason") ? "order-refund-reason-error" : undefined}
        />
        <FieldError id="order-refund-reason-error" message={errorAt("goodwillReason")} />
      </div>
      <p aria-live="polite">
        К возврату: <output name="total">{formatPrice(totalOf(lines, typed))}</output>
        {` из ${formatPrice(paid.amount - paid.refunded)}`}
      </p>
      <button type="submit" name="intent" value="refund-review" className="button button--ghost">
        Вернуть деньги…
      </button>
    </Form>
  );
}

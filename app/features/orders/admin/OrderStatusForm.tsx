import { Form } from "react-router";
import { orderStatusName } from "../order-status.ts";
import { nextStatuses } from "../order-workflow.ts";

/**
 * «Статус» offers only the statuses the workflow allows next; the version is the one the page was
 * loaded with. The select starts on «— выберите —», never on a status: a «Сохранить» pressed
 * without choosing is refused at the field, so no status (least of all «Отменён») is ever set
 * because it happened to be preselected. The form is keyed by the order's version, so after a
 * save it starts afresh — the select on «— выберите —», the comment empty (the next letter must
 * not repeat the last one); a refused save keeps what was typed (`note`).
 */
export function OrderStatusForm({
  status,
  version,
  hasEmail,
  error,
  note,
}: {
  status: string;
  version: number;
  hasEmail: boolean;
  error?: string;
  /** the comment typed before a refused save */
  note?: string;
}) {
  const next = nextStatuses(status);
  if (!next.length) return <p>Статус «{orderStatusName(status)}» окончательный: дальше заказ не меняется.</p>;
  return (
    <Form key={version} method="post" className="order-form">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="version" value={version} />
      <div className={`form-group${error ? " form-group--error" : ""}`}>
        <label className="form-group__label" htmlFor="order-status">
          Статус
        </label>
        <select
          id="order-status"
          className="form-control"
          name="status"
          defaultValue=""
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "order-status-error" : undefined}
        >
          <option value="">— выберите —</option>
          {next.map((code) => (
            <option key={code} value={code}>
              {orderStatusName(code)}
            </option>
          ))}
        </select>
        {error ? (
          <p id="order-status-error" className="form-group__error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="form-group">
        <label className="form-group__label" htmlFor="order-status-note">
          Комментарий к статусу
        </label>
        <textarea id="order-status-note" className="form-control" name="note" rows={2} maxLength={500} defaultValue={note ?? ""} />
      </div>
      {hasEmail ? (
        <label className="form-check">
          <input type="checkbox" name="notify" defaultChecked /> Сообщить покупателю
        </label>
      ) : (
        <p className="order-table__muted">У покупателя нет e-mail: сообщите ему по телефону.</p>
      )}
      <button type="submit" className="button">
        Сохранить
      </button>
    </Form>
  );
}

import { Form } from "react-router";

/** The manager's own note on the order (never shown to the customer). */
export function ManagerNoteForm({ note, version, error }: { note: string; version: number; error?: string }) {
  return (
    <section className="order-card" aria-labelledby="order-note-title">
      <h2 id="order-note-title">Заметка менеджера</h2>
      <Form method="post" className="order-form">
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="version" value={version} />
        <div className={`form-group${error ? " form-group--error" : ""}`}>
          <label className="form-group__label" htmlFor="order-manager-note">
            Заметка
          </label>
          <textarea id="order-manager-note" className="form-control" name="managerNote" rows={3} maxLength={2000} defaultValue={note} />
          {error ? <p className="form-group__error">{error}</p> : null}
        </div>
        <button type="submit" className="button button--ghost">
          Сохранить заметку
        </button>
      </Form>
    </section>
  );
}

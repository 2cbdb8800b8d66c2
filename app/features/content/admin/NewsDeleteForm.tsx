import { Form } from "react-router";

/** Deletes a news item; the required tick is the confirmation, so it works without JavaScript. */
export function NewsDeleteForm({ version, error }: { version: number; error?: string }) {
  return (
    <Form method="post" encType="multipart/form-data" className="content-form content-form--danger" aria-labelledby="news-delete-title">
      <h2 id="news-delete-title">Удаление</h2>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="version" value={version} />
      <label className="content-form__check">
        <input type="checkbox" name="confirm" required aria-invalid={error ? true : undefined} aria-describedby={error ? "news-delete-error" : undefined} /> Да,
        удалить эту новость
      </label>
      {error ? (
        <p id="news-delete-error" className="form-group__error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--ghost">
        Удалить новость
      </button>
    </Form>
  );
}

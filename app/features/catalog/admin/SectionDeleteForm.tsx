import { Form } from "react-router";

/** Deleting a section: refused with the reason while it holds products or subsections. */
export function SectionDeleteForm({ version, error }: { version: number; error?: string }) {
  return (
    <Form method="post" className="section-form" aria-labelledby="section-delete-heading">
      <h2 id="section-delete-heading">Удаление</h2>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="version" value={version} />
      <p className="section-form__note">Удалить можно только пустой раздел: без товаров и подразделов.</p>
      {error ? (
        <p role="alert" id="section-delete-error" className="section-form__alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--ghost" aria-describedby={error ? "section-delete-error" : undefined}>
        Удалить раздел
      </button>
    </Form>
  );
}
